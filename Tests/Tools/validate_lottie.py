#!/usr/bin/env python3
"""Validate Lottie files against the Lottie specification's JSON schema.

Usage: python3 validate_lottie.py FILE...

The schema comes from the `lottie-specs` package (PyPI, the Lottie Animation Community's
specification), read by `jsonschema-rs` (PyPI: a compiled Draft 2020-12 validator that passes the
JSON-Schema-Test-Suite, as the pure-Python `jsonschema` does, at about 150 times its speed on these
files: a 1.5 MB export takes 0.04 s instead of 6). `make test-deps` installs both into
.build/python. Prints one line per problem, "FILE: PATH: MESSAGE", then "N valid"; exits 1 if any
file is invalid, 2 on an environment problem (a missing module).
"""

import json
import sys

try:
    import jsonschema_rs
    from lottie_specs.resources import load_specs
except ImportError as error:  # pragma: no cover - environment problem
    print(f"validate_lottie.py: missing Python module '{error.name}'; "
          "install with: python3 -m pip install --target .build/python lottie-specs==0.5.2 jsonschema-rs==0.61.2",
          file=sys.stderr)
    sys.exit(2)


def main(paths):
    validator = jsonschema_rs.Draft202012Validator(load_specs())
    valid = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.instance_path])
        for error in errors[:20]:
            where = "/".join(str(part) for part in error.instance_path)
            print(f"{path}: {where}: {error.message[:300]}")
        if not errors:
            valid += 1
    print(f"{valid} valid")
    return 0 if valid == len(paths) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
