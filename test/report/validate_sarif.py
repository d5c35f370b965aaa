#!/usr/bin/env python3
"""Validate a SARIF log against the OASIS JSON schema.

usage: validate_sarif.py SCHEMA FILE

Exits 0 when FILE is valid against SCHEMA (sarif-schema-2.1.0.json); else
prints one line per error (the JSON path, then the schema's complaint) and
exits 1. Exits 2 on a usage or I/O problem. Needs the `jsonschema` package
(Debian: python3-jsonschema). The schema's `format`s are checked too; where
jsonschema has no checker for `uri` and `uri-reference` (those need the
optional rfc3987 package), a plain RFC 3986 character check stands in.
"""
import json
import re
import sys

try:
    import jsonschema
    import jsonschema.validators
except ImportError:
    print("validate_sarif.py: the Python package 'jsonschema' is missing "
          "(Debian: apt-get install python3-jsonschema)", file=sys.stderr)
    sys.exit(2)


def load(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        print(f"validate_sarif.py: cannot read {what} {path}: {e}", file=sys.stderr)
        sys.exit(2)
    except json.JSONDecodeError as e:
        if what == "schema":
            print(f"validate_sarif.py: {path}: schema is not JSON: {e}", file=sys.stderr)
            sys.exit(2)
        print(f"{path}: not JSON: {e}")
        sys.exit(1)


# RFC 3986: the characters a URI may hold (anything else must be %-encoded),
# and the scheme that makes a URI absolute.
URI_CHARS = re.compile(r"^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#\[\]]|%[0-9A-Fa-f]{2})*$")
URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")


def is_uri_reference(value):
    return not isinstance(value, str) or bool(URI_CHARS.match(value))


def is_uri(value):
    return not isinstance(value, str) or (is_uri_reference(value) and bool(URI_SCHEME.match(value)))


def where(error):
    return "/".join(str(p) for p in error.absolute_path) or "(root)"


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    schema_path, file_path = argv[1], argv[2]
    schema = load(schema_path, "schema")
    doc = load(file_path, "SARIF file")

    # The draft named by the schema's "$schema" (draft-04 for SARIF 2.1.0).
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    checker = getattr(cls, "FORMAT_CHECKER", None) or jsonschema.FormatChecker()
    for name, check in (("uri", is_uri), ("uri-reference", is_uri_reference)):
        if name not in checker.checkers:
            checker.checks(name)(check)
    validator = cls(schema, format_checker=checker)

    errors = sorted(validator.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path])
    for e in errors:
        print(f"{file_path}: {where(e)}: {e.message}")
        # For oneOf/anyOf, the reasons of each alternative.
        for sub in sorted(e.context or [], key=lambda s: [str(p) for p in s.absolute_path]):
            print(f"{file_path}:   {where(sub)}: {sub.message}")
    if errors:
        print(f"{file_path}: {len(errors)} schema error(s)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
