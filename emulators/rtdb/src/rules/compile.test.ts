import { describe, expect, it } from 'vitest';
import { ALLOW_ALL_RULES_TEXT, RulesError, compileRules, indexesAt } from '.';
import { p, read, rulesOf, set } from './engine.testing';

function compileError(text: string): string {
  try {
    compileRules(text);
  } catch (e) {
    expect(e).toBeInstanceOf(RulesError);
    expect(e).toBeInstanceOf(Error);
    return (e as Error).message;
  }
  throw new Error('expected a RulesError');
}

function ruleError(rules: unknown): string {
  return compileError(JSON.stringify({ rules }, null, 2));
}

describe('compileRules: document', () => {
  it('keeps the source and accepts the allow-all default', () => {
    const rules = compileRules(ALLOW_ALL_RULES_TEXT);
    expect(rules.source).toBe(ALLOW_ALL_RULES_TEXT);
    expect(JSON.parse(ALLOW_ALL_RULES_TEXT)).toEqual({ rules: { '.read': true, '.write': true } });
    expect(ALLOW_ALL_RULES_TEXT).toContain('\n  "rules": {\n    ".read": true,');
    expect(read(rules, '/a/b', null)).toBe(true);
    expect(set(rules, '/a/b', 1, null).allowed).toBe(true);
  });

  it('accepts // and /* */ comments, also inside and around values', () => {
    const text = `// leading comment
{
  /* block
     comment */
  "rules": {
    ".read": true, // trailing comment
    "a": { /* "x": {} */ ".write": "auth != null" /* after */ },
    "url": { ".validate": "newData.val() == 'http://x/*y*/'" }
  }
}`;
    const rules = compileRules(text);
    expect(read(rules, '/', null)).toBe(true);
    expect(set(rules, '/a', 1, null).allowed).toBe(false);
    expect(set(rules, '/a', 1, null, { auth: { uid: 'u' } }).allowed).toBe(true);
  });

  it('accepts multi-line expression strings (raw newlines and tabs inside strings)', () => {
    const text = `{
  "rules": {
    "users": {
      "$uid": {
        ".read": "auth != null &&
                  auth.uid == $uid",
        ".write": "auth != null
\t&& auth.uid === $uid"
      }
    }
  }
}`;
    const rules = compileRules(text);
    expect(read(rules, '/users/u1', null, { auth: { uid: 'u1' } })).toBe(true);
    expect(read(rules, '/users/u1', null, { auth: { uid: 'u2' } })).toBe(false);
    expect(set(rules, '/users/u1/x', 1, null, { auth: { uid: 'u1' } }).allowed).toBe(true);
  });

  it('accepts CRLF line endings and trailing commas', () => {
    const rules = compileRules('{\r\n "rules": {\r\n  ".read": "true ||\r\n false",\r\n },\r\n}\r\n');
    expect(read(rules, '/', null)).toBe(true);
  });

  it('reports JSON syntax errors with the line', () => {
    expect(compileError('{\n  "rules": {\n    ".read": true\n    ".write": true\n  }\n}')).toMatch(
      /Invalid JSON at line 4, column 5: comma expected/,
    );
    expect(compileError('')).toMatch(/Invalid JSON/);
    expect(compileError('{"rules": {".read": tru}}')).toMatch(/Invalid JSON at line 1/);
    expect(compileError('{"rules": {".read": "unterminated}}')).toMatch(/Invalid JSON/);
  });

  it('requires an object with only a "rules" object', () => {
    expect(compileError('[]')).toMatch(/must be a JSON object/);
    expect(compileError('"x"')).toMatch(/must be a JSON object/);
    expect(compileError('{}')).toMatch(/no "rules" key/);
    expect(compileError('{"rules": true}')).toMatch(/^rules: must be an object, found a boolean/);
    expect(compileError('{"rules": {}, "extra": 1}')).toMatch(/Unknown top-level key "extra"/);
  });

  it('rejects unknown dot-keys with the path and line', () => {
    const msg = ruleError({ users: { $uid: { '.reed': true } } });
    expect(msg).toMatch(/^rules\/users\/\$uid\/\.reed: unknown rule key "\.reed"/);
    expect(msg).toMatch(/\(line 5, column 9\)$/);
    expect(ruleError({ '.value': 1 })).toMatch(/^rules\/\.value: unknown rule key/);
  });

  it('rejects two wildcards at one location', () => {
    const msg = ruleError({ users: { $a: {}, $b: {} } });
    expect(msg).toMatch(/^rules\/users: only one \$wildcard child is allowed per location, found "\$a" and "\$b"/);
  });

  it('rejects wrongly typed rule values and children', () => {
    expect(ruleError({ '.read': 1 })).toMatch(/^rules\/\.read: must be a boolean or an expression string, found a number/);
    expect(ruleError({ a: { '.write': null } })).toMatch(/^rules\/a\/\.write: must be a boolean or an expression string, found null/);
    expect(ruleError({ a: true })).toMatch(/^rules\/a: must be an object of rules, found a boolean/);
    expect(ruleError({ a: { '.indexOn': 3 } })).toMatch(/^rules\/a\/\.indexOn: must be a string or an array of strings/);
    expect(ruleError({ a: { '.indexOn': ['x', 1] } })).toMatch(/^rules\/a\/\.indexOn: must be a string or an array of strings/);
    expect(ruleError({ 'a#b': {} })).toMatch(/^rules\/a#b: invalid key/);
    expect(ruleError({ $: {} })).toMatch(/^rules\/\$: invalid wildcard name/);
  });

  it('reports expression syntax errors with the rule path and line', () => {
    const msg = ruleError({ users: { $uid: { '.write': 'auth.uid == $uid &&' } } });
    // The column points at the end of the expression: column 20 + character 19.
    expect(msg).toBe('rules/users/$uid/.write: Expected expression after && (line 5, column 39)');
    expect(ruleError({ '.read': "data.child('x'" })).toMatch(/^rules\/\.read: .*\(line 3, column \d+\)$/);
    expect(ruleError({ '.read': "'abc" })).toMatch(/^rules\/\.read: Unclosed quote/);
    expect(ruleError({ '.read': 'a b' })).toMatch(/^rules\/\.read: unexpected token/);
    expect(ruleError({ '.read': '' })).toMatch(/^rules\/\.read: empty expression/);
    expect(ruleError({ '.read': '   ' })).toMatch(/^rules\/\.read: empty expression/);
  });

  it('gives the line of a syntax error inside a multi-line expression', () => {
    const text = '{\n "rules": {\n  ".read": "auth != null &&\n     auth.uid ==  == 1"\n }\n}';
    expect(compileError(text)).toMatch(/^rules\/\.read: .*\(line 4, column \d+\)$/);
  });

  it('rejects unknown variables, misplaced newData/query and unbound wildcards', () => {
    expect(ruleError({ '.read': 'foo == 1' })).toMatch(/^rules\/\.read: unknown variable 'foo'/);
    expect(ruleError({ '.read': 'this == 1' })).toMatch(/unknown variable 'this'/);
    expect(ruleError({ '.read': 'newData.exists()' })).toMatch(/'newData' is not available in \.read rules/);
    expect(ruleError({ '.write': 'query.orderByKey' })).toMatch(/'query' is only available in \.read rules/);
    expect(ruleError({ '.validate': 'query.orderByKey' })).toMatch(/'query' is only available in \.read rules/);
    expect(ruleError({ a: { $x: {} }, b: { '.read': '$x == "1"' } })).toMatch(/^rules\/b\/\.read: unknown variable '\$x'/);
    // A wildcard is in scope at and below its level.
    expect(() => rulesOf({ a: { $x: { b: { c: { '.read': '$x == "1"' } } } } })).not.toThrow();
  });

  it('rejects unknown methods, properties and wrong arities at load time', () => {
    expect(ruleError({ '.read': 'data.exist()' })).toMatch(/unknown method 'exist\(\)' of RuleDataSnapshot/);
    expect(ruleError({ '.read': 'data.exists' })).toMatch(/has no property 'exists' \(call it: exists\(\)\)/);
    expect(ruleError({ '.read': 'data.foo == 1' })).toMatch(/has no property 'foo'/);
    expect(ruleError({ '.read': 'data.child() == 1' })).toMatch(/child\(\) takes 1 argument, got 0/);
    expect(ruleError({ '.read': 'data.hasChildren(1, 2)' })).toMatch(/hasChildren\(\) takes 0 or 1 arguments, got 2/);
    expect(ruleError({ a: { $k: { '.read': '$k.size == 1' } } })).toMatch(/strings have no property 'size'/);
    expect(ruleError({ a: { $k: { '.read': '$k.contains' } } })).toMatch(/'contains' is a method/);
    expect(ruleError({ a: { $k: { '.read': '$k.foo()' } } })).toMatch(/unknown string method 'foo\(\)'/);
    expect(ruleError({ '.read': 'auth.uid.frobnicate()' })).toMatch(/unknown method 'frobnicate\(\)'/);
    expect(ruleError({ '.read': 'now.x == 1' })).toMatch(/cannot read property 'x' of a number/);
    expect(ruleError({ '.read': 'query.orderBy == 1' })).toMatch(/unknown query property 'orderBy'/);
    expect(ruleError({ '.read': "auth.uid.matches('a')" })).toMatch(/matches\(\) expects a regular expression literal/);
    expect(ruleError({ '.read': 'exists()' })).toMatch(/only method calls/);
  });

  it('rejects operators and syntax outside the rules language', () => {
    expect(ruleError({ '.read': 'auth ?? true' })).toMatch(/unsupported operator '\?\?'/);
    expect(ruleError({ '.read': '1 | 2 == 3' })).toMatch(/unsupported operator '\|'/);
    expect(ruleError({ '.read': '~1 == 1' })).toMatch(/unsupported operator '~'/);
    expect(ruleError({ '.read': 'auth?.uid == 1' })).toMatch(/optional chaining/);
    expect(ruleError({ '.read': 'auth.uid.matches(/a/g)' })).toMatch(/unsupported regular expression flags 'g'/);
    expect(ruleError({ '.read': 'auth.uid.matches(/a(/)' })).toMatch(/^rules\/\.read: Invalid regular expression/);
  });

  it('rejects rules whose result can never be a boolean', () => {
    expect(ruleError({ '.read': 'data' })).toMatch(/must evaluate to a boolean, but this expression is a RuleDataSnapshot/);
    expect(ruleError({ '.read': '"yes"' })).toMatch(/must evaluate to a boolean, but this expression is a string/);
    expect(ruleError({ '.read': 'now + 1' })).toMatch(/a number/);
    expect(ruleError({ '.read': 'null' })).toMatch(/null/);
    expect(ruleError({ '.read': 'data.child("a")' })).toMatch(/RuleDataSnapshot/);
  });
});

describe('indexesAt', () => {
  const rules = rulesOf({
    '.indexOn': 'top',
    users: { '.indexOn': ['name', 'age'], $uid: { '.indexOn': '.value', posts: { '.indexOn': ['ts'] } } },
    other: {},
  });

  it('returns .indexOn at exactly the location (string or array)', () => {
    expect(indexesAt(rules, [])).toEqual(['top']);
    expect(indexesAt(rules, p('/users'))).toEqual(['name', 'age']);
    expect(indexesAt(rules, p('/users/anyone'))).toEqual(['.value']);
    expect(indexesAt(rules, p('/users/anyone/posts'))).toEqual(['ts']);
  });

  it('returns [] where there is none or no rule node', () => {
    expect(indexesAt(rules, p('/other'))).toEqual([]);
    expect(indexesAt(rules, p('/nothing/here'))).toEqual([]);
    expect(indexesAt(rules, p('/users/u/posts/p1'))).toEqual([]);
  });

  it('returns a copy', () => {
    indexesAt(rules, p('/users')).push('x');
    expect(indexesAt(rules, p('/users'))).toEqual(['name', 'age']);
  });
});
