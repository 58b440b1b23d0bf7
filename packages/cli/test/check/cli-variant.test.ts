// `decksmith check` on variants: the base is read from disk beside the file or from games/<id>/.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
const repo = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decksmith-variant-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function decksmith(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: repo, env: { ...process.env, FORCE_COLOR: '0' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe('decksmith check with variants', () => {
  it('checks the Taki Pyramid variant against its base', async () => {
    const { code, stderr } = await decksmith('check', 'games/super-taki/taki-pyramid.rules');
    expect(stderr).toContain('checked 1 file: 0 errors, 0 warnings');
    expect(code).toBe(0);
  });

  it("accepts an author's variant outside games/ (base found under games/)", async () => {
    const path = join(dir, 'quick-taki.rules');
    writeFileSync(path, 'game quick-taki "Quick Taki" extends super-taki\noption hand_size = 5\n');
    const { code, stderr } = await decksmith('check', path);
    expect(stderr).toContain('0 errors');
    expect(code).toBe(0);
  });

  it('reports a missing base and a bad override with carets, exit 1', async () => {
    const path = join(dir, 'broken.rules');
    writeFileSync(path, 'game broken "Broken" extends super-taki\nremove action no_such_action\n');
    const { code, stdout } = await decksmith('check', path);
    expect(code).toBe(1);
    expect(stdout).toContain('error[variant_unknown_base_item]: the base game "super-taki" has no action "no_such_action"');
    const override = join(dir, 'big-hands.rules');
    writeFileSync(override, 'game big-hands "Big Hands" extends super-taki\noption hand_size = 50\n');
    const out = await decksmith('check', override);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('error[option_default_out_of_domain]: the default 50 of option "hand_size" is not in 1..20');
    expect(out.stdout).toMatch(/2 \| option hand_size = 50\n\s+\|\s+\^\^\n/);
    expect(out.stdout).toContain('super-taki.rules:7:');
    const missing = join(dir, 'orphan.rules');
    writeFileSync(missing, 'game orphan "Orphan" extends nowhere\n');
    const second = await decksmith('check', missing);
    expect(second.code).toBe(1);
    expect(second.stdout).toContain('error[variant_base_not_found]: base game "nowhere" was not found');
  });
});
