import { startSession, launchBrowser, open, shot, api, CLASSIC, axeViolations } from './helpers.mjs';
import fs from 'node:fs';
const extraCss = process.env.CSS ? fs.readFileSync(process.env.CSS, 'utf8') : '';
const s = await startSession();
const JIG = fs.readFileSync(new URL('./fixtures/jigsaw-puzzles.txt', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));
const [P, R] = JIG[0];
for (const scheme of ['light', 'dark']) for (const [w, h] of [[1366, 768], [390, 844]]) {
  const b = await launchBrowser({ colorScheme: scheme, width: w, height: h, isMobile: w < 500, hasTouch: w < 500 });
  const p = b.page;
  const tag = `${scheme}-${w}`;
  // setter, jigsaw
  await open(p, s.server.url);
  if (extraCss) await p.addStyleTag({ content: extraCss });
  if (!(await p.locator('#dlg-new[open]').count())) await p.click('#btn-new');
  await p.waitForSelector('#dlg-new[open]');
  if (!(await p.locator('#custom-box[open]').count())) await p.click('#custom-box summary');
  await p.check('#variant-jigsaw');
  await p.fill('#custom-regions', R);
  await p.click('#custom-board');
  await p.waitForSelector('#setter-bar:not([hidden])');
  await p.click('#cell-30');
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/polish/setter-${tag}.png` });
  console.log(tag, 'setter', await axeViolations(p));
  // a jigsaw game, cell selected
  const { data } = await api(s.server.url, 'POST', '/games', { puzzle: P, variant: 'jigsaw', regions: R });
  await open(p, s.server.url, `#/game/${data?.id}`);
  if (extraCss) await p.addStyleTag({ content: extraCss });
  await p.waitForSelector('#cell-80[aria-label]');
  await p.click('#cell-30');
  await p.screenshot({ path: `/tmp/polish/jig-${tag}.png` });
  await b.close();
}
await s.close();
