#!/usr/bin/env python3
"""Lists the functions longer than a number of lines (signature to closing brace), for the rule
"no library function longer than 80 lines unless its comment says why" (issue 18).

    long_functions.py LIMIT PATH...      e.g. scripts/long_functions.py 80 src

Prints path:function:lines per function. A text scan, not a parser: it counts the braces outside
comments, strings and character literals, ignores namespace braces and measures each top-level
block whose head has a "(" and is not a struct, class, enum or initializer (member functions
defined in a class body included).
"""
import re, sys, pathlib
LIMIT = int(sys.argv[1])
def strip(line, state):
    out = []; i = 0
    while i < len(line):
        if state['block']:
            j = line.find('*/', i)
            if j < 0: return ''.join(out)
            state['block'] = False; i = j + 2; continue
        c = line[i]
        if line.startswith('//', i): break
        if line.startswith('/*', i): state['block'] = True; i += 2; continue
        if c in '"\'':
            q = c; i += 1
            while i < len(line) and line[i] != q:
                i += 2 if line[i] == '\\' else 1
            i += 1; out.append('""'); continue
        out.append(c); i += 1
    return ''.join(out)
for root in sys.argv[2:]:
    p = pathlib.Path(root)
    files = [p] if p.is_file() else sorted(list(p.rglob('*.cpp')) + list(p.rglob('*.hpp')))
    for f in files:
        lines = f.read_text(errors='replace').split('\n'); st = {'block': False}
        code = [strip(l, st) for l in lines]
        stack = []  # (kind, start_line, head)
        head_start = 0
        for i, c in enumerate(code):
            s = c.strip()
            if not stack or stack[-1][0] in ('ns', 'class'):
                if s == '' or s.startswith('#') or s.endswith(';') and '{' not in s or s.startswith('}') or s.endswith('}') and s.count('{') == s.count('}'):
                    head_start = i + 1 if (s == '' or s.startswith('#') or s.endswith(';') or s.startswith('}')) else head_start
            for ch in c:
                if ch == '{':
                    head = ' '.join(x.strip() for x in code[head_start:i + 1])
                    if stack and stack[-1][0] in ('fn', 'other'):
                        kind = 'other'
                    elif re.match(r'^\s*namespace\b', head) or re.search(r'extern "" \{', head):
                        kind = 'ns'
                    elif re.search(r'\b(struct|class|union|enum)\b[^()]*$', head.split('{')[0]) or re.search(r'\b(struct|class)\s+\w+[^()]*\{', head):
                        kind = 'class'
                    elif '(' in head and not re.search(r'=\s*\{?$', head.split('{')[0].strip()):
                        kind = 'fn'
                    else:
                        kind = 'other'
                    stack.append((kind, head_start, head))
                elif ch == '}':
                    if not stack: continue
                    kind, start, head = stack.pop()
                    if kind == 'fn' and (not stack or stack[-1][0] in ('ns', 'class')):
                        n = i - start + 1
                        m = re.findall(r'(operator\s*\S+?|[~\w]+)\s*\(', head)
                        name = next((x for x in m if x not in ('if', 'for', 'while', 'switch', 'return', 'sizeof', 'decltype', 'MANIPDYN_ALWAYS_INLINE', 'alignas', 'noexcept', 'requires')), '?')
                        if n > LIMIT: print(f'{f}:{name}:{n}')
                    if kind in ('fn',) or kind == 'class':
                        head_start = i + 1
            if (not stack or stack[-1][0] in ('ns', 'class')) and (s.endswith(';') or s.startswith('}') or s == '' or s.startswith('#')):
                head_start = i + 1
