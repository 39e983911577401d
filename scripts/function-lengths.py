#!/usr/bin/env python3
"""The longest Swift functions and files under Sources/, and a failure when one is over its limit.

Usage: scripts/function-lengths.py [--limit 80] [--file-limit 600] [--show 5] [folder ...]

A function is a `func`, `init`, `deinit` or `subscript` declaration, counted from its first line
to its closing brace (a nested function counts inside its parent and on its own). Comments and
string literals are skipped when matching braces. `make lint` runs it: long functions are where
readers get lost, and the render loop's named stages show the way out; a file over the file
limit holds more than one job.
"""
import os
import re
import sys

DECLARATION = re.compile(
    r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*'
    r'(?:(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|'
    r'nonisolated|convenience|required)\s+)*'
    r'(func\s+[^\s(<]+|init[?!]?|deinit|subscript)\b')


def code_only(lines):
    """Each line with comments and string literals removed (block comments and multi-line strings too)."""
    block = multi = False
    out = []
    for line in lines:
        kept, i = [], 0
        while i < len(line):
            if block:
                j = line.find('*/', i)
                if j < 0:
                    break
                block, i = False, j + 2
            elif multi:
                j = line.find('"""', i)
                if j < 0:
                    break
                multi, i = False, j + 3
            elif line.startswith('//', i):
                break
            elif line.startswith('/*', i):
                block, i = True, i + 2
            elif line.startswith('"""', i):
                multi, i = True, i + 3
            elif line[i] == '"':
                i += 1
                while i < len(line) and line[i] != '"':
                    i += 2 if line[i] == '\\' else 1
                i += 1
            else:
                kept.append(line[i])
                i += 1
        out.append(''.join(kept))
    return out


def functions(path):
    """(name, first line, length in lines) of every function in the file."""
    with open(path, encoding='utf-8') as f:
        code = code_only(f.read().split('\n'))
    for n, line in enumerate(code):
        match = DECLARATION.match(line)
        if not match:
            continue
        depth, parens, started, end = 0, 0, False, None
        for k in range(n, min(len(code), n + 10_000)):
            for ch in code[k]:
                if ch == '(':
                    parens += 1
                elif ch == ')':
                    parens -= 1
                elif ch == '{' and (started or parens == 0):
                    depth, started = depth + 1, True
                elif ch == '}' and started:
                    depth -= 1
                    if depth == 0:
                        end = k
                        break
            if end is not None or (not started and k > n + 20):
                break
        if end is not None:
            yield match.group(1).replace('func ', ''), n + 1, end - n + 1


def main(arguments):
    limit, file_limit, show, folders = 80, 600, 5, []
    while arguments:
        flag = arguments.pop(0)
        if flag == '--limit':
            limit = int(arguments.pop(0))
        elif flag == '--file-limit':
            file_limit = int(arguments.pop(0))
        elif flag == '--show':
            show = int(arguments.pop(0))
        else:
            folders.append(flag)
    found, files = [], []
    for folder in folders or ['Sources']:
        for root, _, names in os.walk(folder):
            for name in sorted(names):
                if name.endswith('.swift'):
                    path = os.path.join(root, name)
                    found += [(length, path, line, fn) for fn, line, length in functions(path)]
                    with open(path, encoding='utf-8') as f:
                        files.append((len(f.read().rstrip('\n').split('\n')), path))
    found.sort(key=lambda f: (-f[0], f[1], f[2]))
    over = [f for f in found if f[0] > limit]
    print(f'function lengths: {len(found)} functions, {len(over)} over {limit} lines; the longest:')
    for length, path, line, name in found[:max(show, len(over))]:
        print(f'  {length:4d}  {path}:{line}  {name}')
    files.sort(key=lambda f: (-f[0], f[1]))
    long_files = [f for f in files if f[0] > file_limit]
    print(f'file lengths: {len(files)} files, {len(long_files)} over {file_limit} lines; the longest:')
    for length, path in files[:max(1, len(long_files))]:
        print(f'  {length:4d}  {path}')
    if over:
        print(f'error: split the functions over {limit} lines into named steps', file=sys.stderr)
    if long_files:
        print(f'error: split the files over {file_limit} lines by job', file=sys.stderr)
    return 1 if over or long_files else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
