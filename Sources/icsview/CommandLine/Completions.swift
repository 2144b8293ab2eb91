import Foundation

/// `icsview --generate-completion-script bash|zsh|fish` (the flag swift-argument-parser
/// uses): completion scripts rendered from ``OptionTable``.
enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, or nil for a shell not supported.
    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default: return nil
        }
    }

    private static var options: [OptionTable.Option] { OptionTable.options }

    static var bash: String {
        let names = options.flatMap(\.names).joined(separator: " ")
        let subcommands = OptionTable.subcommands.map(\.name).joined(separator: " ")
        var cases = ""
        for option in options where option.value != nil && !option.valueIsOptional {
            let pattern = option.names.joined(separator: "|")
            if let choices = OptionTable.choices[option.names[0]] {
                cases += "        \(pattern)) COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
            } else if option.value == "<dir>" {
                cases += "        \(pattern)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
            } else if option.value == "<file>" {
                cases += "        \(pattern)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            } else {
                cases += "        \(pattern)) return ;;\n"
            }
        }
        // After a subcommand's name: its own options (as its help lists them).
        let subcommandWords = Subcommands.all.map { "        \($0.name)) words=\"\($0.optionNames.joined(separator: " "))\" ;;\n" }.joined()
        return """
        # bash completion for icsview (icsview --generate-completion-script bash)
        _icsview() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            COMPREPLY=()
            case "$prev" in
        \(cases)    esac
            if [[ "$cur" == -* ]]; then
                local words="\(names)"
                [[ $COMP_CWORD -gt 1 ]] && case "${COMP_WORDS[1]}" in
        \(subcommandWords)        esac
                COMPREPLY=($(compgen -W "$words" -- "$cur"))
                return
            fi
            if [[ $COMP_CWORD -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\(subcommands)" -- "$cur"))
            fi
            # The configured calendars' names stand where files do.
            COMPREPLY+=($(compgen -W "$(icsview config names 2>/dev/null)" -- "$cur"))
            COMPREPLY+=($(compgen -f -- "$cur"))
        }
        complete -o filenames -F _icsview icsview

        """
    }

    static var zsh: String {
        var specs: [String] = []
        for option in options {
            let description = zshQuoted(option.summary)
            let exclusive = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
            var action = ""
            if let value = option.value {
                let name = value.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
                let values = OptionTable.choices[option.names[0]].map { "(\($0.joined(separator: " ")))" }
                    ?? (value == "<dir>" ? "_directories" : value == "<file>" ? "_files" : " ")
                action = (option.valueIsOptional ? "::" : ":") + "\(name):\(values)"
            }
            for name in option.names {
                specs.append("'\(exclusive)\(name)[\(description)]\(action)'")
            }
        }
        let subcommands = OptionTable.subcommands.map { "'\($0.name):\(zshQuoted($0.summary))'" }.joined(separator: " ")
        let subcommandOptions = Subcommands.all.map { "        \($0.name)) compadd -- \($0.optionNames.joined(separator: " ")); return ;;\n" }.joined()
        return """
        #compdef icsview
        # zsh completion for icsview (icsview --generate-completion-script zsh)
        _icsview() {
            if (( CURRENT == 2 )) && [[ ${words[CURRENT]} != -* ]]; then
                local -a subcommands=(\(subcommands))
                _describe -t commands 'icsview subcommand' subcommands
            fi
            # After a subcommand's name: its own options.
            if (( CURRENT > 2 )) && [[ ${words[CURRENT]} == -* ]]; then
                case ${words[2]} in
        \(subcommandOptions)        esac
            fi
            _arguments -s \\
                \(specs.joined(separator: " \\\n        "))  \\
                '*:file:_icsview_inputs'
        }
        # Files, and the configured calendars' names (which stand where files do).
        _icsview_inputs() {
            local -a names
            names=(${(f)"$(icsview config names 2>/dev/null)"})
            (( ${#names} )) && compadd -a names
            _files
        }
        _icsview "$@"

        """
    }

    static var fish: String {
        var out = "# fish completion for icsview (icsview --generate-completion-script fish)\n"
        for subcommand in OptionTable.subcommands {
            out += "complete -c icsview -n __fish_use_subcommand -a \(subcommand.name) -d \(fishQuoted(subcommand.summary))\n"
        }
        for option in options {
            var line = "complete -c icsview"
            for name in option.names {
                line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
            }
            if option.value != nil && !option.valueIsOptional { line += " -r" }
            if let choices = OptionTable.choices[option.names[0]] { line += " -x -a \(fishQuoted(choices.joined(separator: " ")))" }
            out += line + " -d \(fishQuoted(option.summary))\n"
        }
        // After a subcommand's name: its own options too.
        for subcommand in Subcommands.all {
            for name in subcommand.optionNames {
                let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
                out += "complete -c icsview -n '__fish_seen_subcommand_from \(subcommand.name)' \(flag)\n"
            }
        }
        out += "complete -c icsview -a '(icsview config names 2>/dev/null)' -d 'configured calendar'\n"
        return out
    }

    /// A description inside a zsh `'…[…]'` spec: no quotes, brackets or colons.
    private static func zshQuoted(_ text: String) -> String {
        String(text.map { "'[]:\\".contains($0) ? " " : $0 })
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
