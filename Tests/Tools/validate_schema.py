#!/usr/bin/env python3
"""Validate Flipbook scene files against scenes/schema.json.

Usage: python3 validate_schema.py SCHEMA FILE...

Prints one line per problem, "FILE: PATH: MESSAGE", and exits 1 if there is any; exits 0 when
every file is valid, 2 on a usage or environment problem (missing module, unreadable schema).

YAML is read the way Flipbook's loader reads it, not with PyYAML's YAML 1.1 defaults, so that
the schema and the loader judge the same values:
  - booleans are only true/false (True, TRUE, ...); `yes`, `no`, `on`, `off` are strings;
  - numbers are decimal only; `0x10`, `1_000` and `12:30` are strings; `1e3` is a number
    (YAML 1.1 would make it a string);
  - `.inf`, `.nan`, `NaN`, `inf` are numbers, then reported as not finite (JSON Schema cannot
    say "finite"; the loader rejects them);
  - timestamps are strings; duplicate keys are an error.
"""

import json
import math
import re
import sys

try:
    import yaml
    import jsonschema
except ImportError as error:  # pragma: no cover - environment problem
    print(f"validate_schema.py: missing Python module '{error.name}'; "
          "install with: python3 -m pip install pyyaml jsonschema", file=sys.stderr)
    sys.exit(2)


class SceneLoader(yaml.SafeLoader):
    """SafeLoader with Flipbook's core schema (see the module docstring)."""


SceneLoader.yaml_implicit_resolvers = {}

_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_INT = re.compile(r"^[-+]?[0-9]+$")
_FLOAT = re.compile(r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$")
_NONFINITE = re.compile(r"^[-+]?\.?(?:inf|infinity|nan)$", re.IGNORECASE)

SceneLoader.add_implicit_resolver("tag:yaml.org,2002:bool", _BOOL, list("tTfF"))
SceneLoader.add_implicit_resolver("tag:yaml.org,2002:null", _NULL, ["~", "n", "N", ""])
SceneLoader.add_implicit_resolver("tag:yaml.org,2002:int", _INT, list("-+0123456789"))
SceneLoader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT, list("-+0123456789."))
SceneLoader.add_implicit_resolver("tag:yaml.org,2002:float", _NONFINITE, list("-+.iInN"))


def _construct_int(loader, node):
    return int(loader.construct_scalar(node), 10)


def _construct_float(loader, node):
    text = loader.construct_scalar(node)
    body = text.lstrip("+-").lstrip(".").lower() if _NONFINITE.match(text) else None
    if body is not None:
        if body == "nan":
            return math.nan
        return -math.inf if text.startswith("-") else math.inf
    try:
        return float(text)
    except OverflowError:  # pragma: no cover - float() returns inf rather than raising
        return math.inf


def _construct_mapping(loader, node, deep=False):
    seen = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}' (first given at line {seen[key] + 1})",
                key_node.start_mark)
        seen[key] = key_node.start_mark.line
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


def _construct_timestamp_as_string(loader, node):
    return loader.construct_scalar(node)


SceneLoader.add_constructor("tag:yaml.org,2002:int", _construct_int)
SceneLoader.add_constructor("tag:yaml.org,2002:float", _construct_float)
SceneLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp_as_string)
SceneLoader.construct_mapping = _construct_mapping


def _reject_constant(text):
    raise ValueError(f"{text} is not a JSON value")


def load(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        return json.loads(text, parse_constant=_reject_constant)
    return yaml.load(text, Loader=SceneLoader)


def non_finite(value, path=""):
    """Key paths of NaN and infinite numbers: JSON Schema has no way to reject them."""
    if isinstance(value, float) and not math.isfinite(value):
        yield path
    elif isinstance(value, dict):
        for key, child in value.items():
            yield from non_finite(child, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from non_finite(child, f"{path}[{i}]")


def key_path(error):
    path = ""
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "(top level)"


def one_line(text, limit=200):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def describe(error):
    """(key path, message) for one schema error, reworded where jsonschema's is unhelpful."""
    if error.validator == "oneOf" and not error.absolute_path:
        # The top-level oneOf: exactly one of duration and until.
        return key_path(error), "expected exactly one of 'duration' and 'until'"
    if error.validator == "oneOf" and error.context:
        # A behaviour matched neither kind: report why it fails the branch whose required key
        # it has ("snap: {...}" missing "to" is a snap problem, not "'snap' was unexpected").
        def applies(sub):
            branch = error.validator_value[sub.relative_schema_path[0]]
            return isinstance(error.instance, dict) and all(k in error.instance for k in branch.get("required", []))
        relevant = [sub for sub in error.context if applies(sub)] or error.context
        best = jsonschema.exceptions.best_match(relevant)
        return key_path(best), best.message
    return key_path(error), error.message


def main(argv):
    if len(argv) < 3:
        print("usage: python3 validate_schema.py SCHEMA FILE...", file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        print(f"{argv[1]}: unusable schema: {one_line(error)}", file=sys.stderr)
        return 2
    validator = jsonschema.Draft202012Validator(schema)
    problems = 0
    for path in argv[2:]:
        try:
            data = load(path)
        except (OSError, ValueError, yaml.YAMLError) as error:
            print(f"{path}: cannot load: {one_line(error)}")
            problems += 1
            continue
        if data is None:
            print(f"{path}: (top level): file is empty; expected a mapping with canvas, items and duration or until")
            problems += 1
            continue
        for where in non_finite(data):
            print(f"{path}: {where}: expected a finite number")
            problems += 1
        errors = sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))
        for error in errors:
            where, message = describe(error)
            print(f"{path}: {where}: {one_line(message)}")
            problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
