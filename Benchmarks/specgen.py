#!/usr/bin/env python3
"""Writes a large spec for `formtui form`: N rows of mixed kinds in sections of 100.

    python3 Benchmarks/specgen.py --rows 100000 --format yaml > /tmp/big.yaml

The rows cycle through text, number, switch, stepper, select, date, slider, email and label, with
the rules a real spec carries (required, min/max, options, a default), so that every reader and
the builder do their usual work for each. The same N gives the same spec in each language.
`Benchmarks/specload.py` times `formtui form` on them (make bench).
"""

import argparse
import json
import sys

KINDS = ["text", "number", "switch", "stepper", "select", "date", "slider", "email", "label"]


def row(index):
    kind = KINDS[index % len(KINDS)]
    fields = {"id": f"f{index}", "type": kind, "title": f"Field {index}"}
    if kind == "text":
        fields["required"] = True
    elif kind == "number":
        fields.update({"min": 0, "max": 1000})
    elif kind == "switch":
        fields["default"] = index % 2 == 0
    elif kind == "stepper":
        fields.update({"min": 1, "max": 9, "default": 3})
    elif kind == "select":
        fields["options"] = ["Small", "Medium", "Large"]
    elif kind == "slider":
        fields.update({"min": 0, "max": 100, "step": 5})
    elif kind == "label":
        del fields["id"]
        fields["value"] = f"note {index}"
    return fields


def sections(rows):
    for start in range(0, rows, 100):
        yield {"header": f"Part {start // 100 + 1}", "rows": [row(i) for i in range(start, min(rows, start + 100))]}


def yaml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_value(item) for item in value) + "]"
    return str(value)


def write_yaml(rows, out):
    out.write(f"title: {rows} rows\nsections:\n")
    for section in sections(rows):
        out.write(f"  - header: {section['header']}\n    rows:\n")
        for fields in section["rows"]:
            out.write("      - {" + ", ".join(f"{key}: {yaml_value(value)}" for key, value in fields.items()) + "}\n")


def toml_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return str(value)


def write_toml(rows, out):
    out.write(f'title = "{rows} rows"\n')
    for section in sections(rows):
        out.write(f'\n[[sections]]\nheader = "{section["header"]}"\n')
        for fields in section["rows"]:
            out.write("\n[[sections.rows]]\n")
            for key, value in fields.items():
                out.write(f"{key} = {toml_value(value)}\n")


def write_json(rows, out):
    out.write('{"title": "%d rows", "sections": [\n' % rows)
    for number, section in enumerate(sections(rows)):
        out.write((",\n" if number else "") + '{"header": "%s", "rows": [\n' % section["header"])
        out.write(",\n".join(json.dumps(fields) for fields in section["rows"]))
        out.write("]}")
    out.write("]}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--format", choices=["yaml", "json", "toml"], default="yaml")
    arguments = parser.parse_args()
    {"yaml": write_yaml, "json": write_json, "toml": write_toml}[arguments.format](arguments.rows, sys.stdout)


if __name__ == "__main__":
    main()
