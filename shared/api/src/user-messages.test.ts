// @vitest-environment node
/// <reference types="node" />
import { globSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { i18n } from '@entry/i18n';
import { ApiError, MissingParamsError } from './api-error.ts';
import { apiTexts } from './locales.ts';
import { errorTextKey, isKnownServerText, serverTextKey } from './user-messages.ts';

const SERVER = resolve(import.meta.dirname, '../../../server/src');

/** A template's text with a sample in each hole ("This assessment is x: answers are not being taken"). */
const sample = (node: ts.TemplateExpression) => node.head.text + node.templateSpans.map((span) => `x${span.literal.text}`).join('');

/**
 * Every text the reference server can answer with as `message`, read from its sources with the type
 * checker: each `message:` of an object, and each argument given to a parameter named `message` (its
 * refusal helpers), as the literal types they carry. Templates are kept apart, with samples.
 */
const serverMessages = () => {
  const files = globSync('**/*.ts', { cwd: SERVER })
    .filter((file) => !/\.test\.ts$|test-support|test-server/.test(file))
    // The composition workers' messages are for the server's log and failure records, never an answer.
    .filter((file) => !file.startsWith('ssr/'))
    // The release page is the release manager's own, answered to its own script, never to the app.
    .filter((file) => !file.startsWith('releases/'))
    .map((file) => `${SERVER}/${file}`);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
  });
  const checker = program.getTypeChecker();
  const literals = new Set<string>();
  const templates = new Set<string>();
  const collect = (expression: ts.Expression) => {
    if (ts.isTemplateExpression(expression)) return void templates.add(sample(expression));
    const type = checker.getTypeAtLocation(expression);
    for (const part of type.isUnion() ? type.types : [type]) if (part.isStringLiteral()) literals.add(part.value);
  };
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'message') collect(node.initializer);
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
        const signature = checker.getResolvedSignature(node);
        // The server's own helpers only (not console.log's or Error's `message`).
        const parameters = signature && files.includes(signature.getDeclaration()?.getSourceFile().fileName ?? '') ? signature.getParameters() : [];
        node.arguments.forEach((argument, index) => parameters[index]?.name === 'message' && collect(argument));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals: [...literals], templates: [...templates] };
};

const STATUSES = [0, 400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503, 504];
/** Words of servers and developers, which a visitor must never read. */
const DEVELOPER_WORDING = /missing params|database error|duplicate|illegal arguments|bad request|required token|internal server error|resource not found|gateway|recaptcha|json|\bid\b|session\b/i;

const shown = (error: unknown) => i18n.t(errorTextKey(error), { ns: 'api' });

describe('what a visitor reads for a failed call (issue 24)', () => {
  const { literals, templates } = serverMessages();

  it('finds the reference server’s texts (the extraction works)', () => {
    expect(literals).toEqual(expect.arrayContaining(['Missing params', 'Username and password do not match', 'Database error: Duplicate', 'Missing required token']));
    expect(templates.length).toBeGreaterThan(0);
    expect(literals.length).toBeGreaterThan(25);
  });

  it('has words of its own for every text the reference server can send', () => {
    expect(literals.filter((message) => !isKnownServerText(message))).toEqual([]);
    expect(templates.filter((message) => !isKnownServerText(message))).toEqual([]);
  });

  it('never shows a server text as it came, nor developer wording, whatever the status', () => {
    for (const message of [...literals, ...templates]) {
      for (const status of STATUSES) {
        const text = shown(new ApiError({ message, status, correlation_id: 'c' }));
        expect(text, `${status} ${message}`).not.toBe(message);
        expect(text, `${status} ${message}`).not.toMatch(DEVELOPER_WORDING);
      }
    }
  });

  it('tells an unknown text by its status, and our own faults plainly', () => {
    expect(serverTextKey('Something new', 0)).toBe('network');
    expect(serverTextKey('Something new', 429)).toBe('tooMany');
    expect(serverTextKey('Something new', 503)).toBe('technical');
    expect(serverTextKey('Something new', 422)).toBe('badRequest');
    expect(shown(new MissingParamsError('Missing required token'))).toBe(apiTexts.missingToken);
    expect(shown(new TypeError('x is undefined'))).toBe(apiTexts.technical);
  });

  it('has a text for every key it can give', () => {
    for (const status of STATUSES) expect(apiTexts).toHaveProperty(serverTextKey('unknown', status));
  });
});
