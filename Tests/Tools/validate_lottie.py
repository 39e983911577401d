#!/usr/bin/env python3
"""Validate Lottie files against the Lottie specification's JSON schema.

Usage: python3 validate_lottie.py FILE...

The schema comes from the `lottie-specs` package (PyPI, the Lottie Animation Community's
specification; `make test-deps` installs it into .build/python). Prints one line per problem,
"FILE: PATH: MESSAGE", then "N valid"; exits 1 if any file is invalid, 2 on an environment
problem (a missing module).
"""

import json
import sys

try:
    import jsonschema
    from lottie_specs.resources import load_specs
except ImportError as error:  # pragma: no cover - environment problem
    print(f"validate_lottie.py: missing Python module '{error.name}'; "
          "install with: python3 -m pip install --target .build/python lottie-specs==0.5.2 jsonschema",
          file=sys.stderr)
    sys.exit(2)


def main(paths):
    validator = jsonschema.Draft202012Validator(load_specs())
    valid = 0
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        for error in errors[:20]:
            where = "/".join(str(part) for part in error.absolute_path)
            print(f"{path}: {where}: {error.message[:300]}")
        if not errors:
            valid += 1
    print(f"{valid} valid")
    return 0 if valid == len(paths) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
