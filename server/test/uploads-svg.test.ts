import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SVG_HAS_ENTITIES, SVG_NOT_ALLOWED } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, type TestServer } from '@kanak/testkit';

const NS = 'xmlns="http://www.w3.org/2000/svg"';
/**
 * The server answers the file as its XML serializer wrote it: names are written out as they are and
 * letters are never character references, so plain text searches are sound on what comes back
 * (the unit tests in packages/core parse the result as a DOM).
 */
const elementNames = (xml: string) => [...xml.matchAll(/<([A-Za-z][\w:.-]*)/g)].map((m) => m[1]);
const attributeNames = (xml: string) =>
  [...xml.replace(/^<\?xml[^>]*>/, '').matchAll(/\s([A-Za-z_][\w:.-]*)\s*=\s*["']/g)].map(
    (m) => m[1]!,
  );

const ICON = `<?xml version="1.0" encoding="UTF-8"?>
<svg ${NS} xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64">
  <title>Pearl pendant</title>
  <defs>
    <radialGradient id="pearl"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#ddd"/></radialGradient>
    <path id="chain" d="M8 4 Q32 30 56 4" fill="none" stroke="#c9a227"/>
  </defs>
  <use href="#chain"/>
  <use xlink:href="#chain" y="2" opacity="0.4"/>
  <circle cx="32" cy="40" r="12" fill="url(#pearl)"/>
</svg>`;

describe('SVG uploads over HTTP', () => {
  let server: TestServer;
  let admin: string;
  let dir: string;

  const upload = async (svg: string) => {
    const form = new FormData();
    form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'drawing.svg');
    const response = await fetch(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { secure_url?: string; error?: string; message?: string },
    };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kanak-svg-uploads-'));
    server = await startTestServer({ UPLOAD_DIR: dir });
    const http = httpClient(server.baseUrl);
    admin = (await http.post<{ jwt: string }>('/auth/login', SEED_ACCOUNTS.admin)).body.jwt;
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses scripted SVGs with 400 and stores nothing', async () => {
    for (const svg of [
      `<svg ${NS}><circle r="1"/><s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script></svg>`,
      `<svg ${NS}><a href="&#106;avascript:alert(1)"><circle r="1"/></a></svg>`,
      `<svg ${NS}><use href="https://evil.example/x.svg#a"/><circle r="1"/></svg>`,
      `<svg ${NS}><circle r="1"/><!--${'x'.repeat(1.5 * 1024 * 1024)}--><script>alert(1)</script></svg>`,
    ]) {
      const res = await upload(svg);
      expect(res.status, svg.slice(0, 80)).toBe(400);
      expect(res.body.error).toBe('BAD_REQUEST');
      expect(res.body.message).toContain(SVG_NOT_ALLOWED);
    }
    const laughs = await upload(
      `<!DOCTYPE svg [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`,
    );
    expect(laughs).toEqual({
      status: 400,
      body: { error: 'BAD_REQUEST', message: SVG_HAS_ENTITIES },
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('serves back an SVG whose inert extras were dropped with nothing executable left', async () => {
    const res = await upload(
      `<svg ${NS} xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10">` +
        `<a><animate attributeName="href" to="javascript:alert(1)"/><set attributeName="href" to="javascript:alert(2)"/>` +
        `<rect width="10" height="10" inkscape:label="box"/></a></svg>`,
    );
    expect(res.status).toBe(201);
    const served = await fetch(res.body.secure_url!);
    expect(served.headers.get('content-type')).toContain('image/svg+xml');
    const text = await served.text();
    expect(text.startsWith('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(
      true,
    );
    expect(elementNames(text)).toEqual(['svg', 'a', 'rect']);
    expect(attributeNames(text)).toEqual(['xmlns', 'viewBox', 'width', 'height']);
    expect(text).not.toMatch(/javascript:|script|inkscape|&#/i);
  });

  it('round-trips a benign jewellery icon', async () => {
    const res = await upload(ICON);
    expect(res.status).toBe(201);
    expect(res.body.secure_url).toMatch(/\/media\/uploads\/[0-9a-f]{32}\.svg$/);
    const served = await fetch(res.body.secure_url!);
    expect(served.status).toBe(200);
    const text = await served.text();
    expect(elementNames(text)).toEqual(elementNames(ICON));
    expect(text).toContain('viewBox="0 0 64 64"');
    expect(text).toContain('<use href="#chain"/>');
    expect(text).toContain('<use xlink:href="#chain" y="2" opacity="0.4"/>');
    expect(text).toContain('fill="url(#pearl)"');
    expect(text).toContain('<title>Pearl pendant</title>');
  });
});
