import Foundation
import ICSKit

/// `icsview validate --fix`: each file repaired (``CalendarRepair``), written to standard output,
/// `-o FILE`, or over itself (`--in-place`, keeping `FILE.bak` unless `--no-backup`), with a list
/// of what changed and of what could not be fixed.
enum ValidateFix {
    /// Runs the fixes; returns the exit status.
    static func run(_ options: ValidateOptions) -> Int32 {
        var status: Int32 = 0
        // The list goes to standard error when the fixed text takes standard output.
        let toStdout = !options.inPlace && options.output == nil
        var messages = ""
        func add(_ message: TerminalMessage) { messages += message.description }
        for path in options.inputs {
            let bytes: [UInt8]
            if path == "-" {
                bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            } else if let data = FileManager.default.contents(atPath: path) {
                bytes = [UInt8](data)
            } else {
                printError("Error: \(path): cannot read the file\n")
                status = 2
                continue
            }
            let repair: CalendarRepair
            do {
                repair = try CalendarRepair(bytes: bytes, file: path, productID: Help.productID)
            } catch {
                printError("Error: \(error)\n")
                status = 2
                continue
            }
            let remaining = options.accepted(ValidationReport(findings: repair.remaining, files: [path]))
            for change in repair.changes {
                let uid: TerminalMessage = change.uid.map { " (UID \($0))" } ?? ""
                add("\(path):\(TerminalMessage(verbatim: change.line.map { "\($0):" } ?? "")) fixed: \(TerminalMessage(said: change.message))\(uid)\n")
            }
            for finding in remaining.findings { add("not fixed: \(TerminalMessage(finding))\n") }
            let target = options.inPlace ? path : options.output
            if let target, path != "-" || !options.inPlace {
                if repair.isChanged || target != path {
                    do {
                        if options.inPlace && !options.noBackup && repair.isChanged {
                            // The backup is the original: its permissions too (the fixed file keeps them itself).
                            let mode = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int
                            try ICSWriter.writeAtomically(bytes, toFile: path + ".bak", permissions: mode)
                        }
                        try ICSWriter.writeAtomically(repair.bytes, toFile: target)
                    } catch {
                        printError("Error: \(error)\n")
                        status = 2
                        continue
                    }
                }
            } else {
                FileHandle.standardOutput.write(Data(repair.bytes))
            }
            let left = remaining.count(.error) + remaining.count(.warning)
            if !options.quiet {
                let fixes = repair.changes.count
                let counts = (fixes == 0 ? "nothing to fix" : "\(fixes) fix\(fixes == 1 ? "" : "es")") + ", "
                    + (left == 0 ? "no problem left" : "\(left) problem\(left == 1 ? "" : "s") left")
                let written: TerminalMessage = target.map { repair.isChanged || $0 != path ? " (written to \($0))" : "" } ?? ""
                add("\(path): \(TerminalMessage(verbatim: counts))\(written)\n")
            }
            if status == 0 && remaining.fails(strict: options.strict) { status = 1 }
        }
        if toStdout { printError(TerminalMessage(verbatim: messages)) } else { FileHandle.standardOutput.write(Data(messages.utf8)) }
        return status
    }

}
