import { startSession, launchBrowser, open, api, solve, axeViolations } from './helpers.mjs';
import fs from 'node:fs';
const s = await startSession();
const JIG = fs.readFileSync(new URL('./fixtures/jigsaw-puzzles.txt', import.meta.url), 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split(' '));
const [P, R] = JIG[0];
const audit = (p, root) => p.evaluate((root) => {
  const out = [];
  const vis = (e) => { const r = e.getBoundingClientRect(); const st = getComputedStyle(e); return r.width > 0 && r.height > 0 && st.visibility !== 'hidden' && !e.closest('[hidden]'); };
  const rootEl = document.querySelector(root) ?? document.body;
  for (const e of rootEl.querySelectorAll('button, a[href], input, select, textarea, summary, [role="radio"], [role="tab"], [tabindex="0"]')) {
    if (!vis(e) || e.closest('.board')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 24 || r.height < 24) out.push(`small ${e.tagName}#${e.id}.${e.className} ${r.width.toFixed(1)}x${r.height.toFixed(1)} "${(e.textContent||'').trim().slice(0,20)}"`);
  }
  for (const e of rootEl.querySelectorAll('*')) {
    if (!vis(e) || e.children.length > 3) continue;
    const st = getComputedStyle(e);
    if (!e.textContent.trim()) continue;
    if ((st.overflowX !== 'visible' || st.overflowY !== 'visible') && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) && st.textOverflow !== 'ellipsis' && !['auto','scroll'].includes(st.overflowY) && !['auto','scroll'].includes(st.overflowX)) out.push(`clipped ${e.tagName}#${e.id}.${e.className} ${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight}`);
    const r = e.getBoundingClientRect();
    if (r.right > innerWidth + 1 && !e.closest('dialog:not([open])')) out.push(`offscreen ${e.tagName}#${e.id}.${e.className} right ${r.right.toFixed(0)}`);
  }
  return out;
}, root);
const focusAudit = async (p, root, n = 60) => {
  const out = [];
  for (let k = 0; k < n; k++) {
    await p.keyboard.press('Tab');
    const r = await p.evaluate((root) => {
      const e = document.activeElement; if (!e || e === document.body) return null;
      if (root && !e.closest(root)) return null;
      const st = getComputedStyle(e);
      const ring = st.outlineStyle !== 'none' && parseFloat(st.outlineWidth) > 0;
      // clipped by an overflow ancestor?
      let clip = null; const r = e.getBoundingClientRect(); const ow = Math.max(0, parseFloat(st.outlineWidth) + parseFloat(st.outlineOffset));
      for (let a = e.parentElement; a; a = a.parentElement) { const as = getComputedStyle(a); if (as.overflow !== 'visible') { const ar = a.getBoundingClientRect(); if (r.left - ow < ar.left - 0.5 || r.right + ow > ar.right + 0.5 || r.top - ow < ar.top - 0.5 || r.bottom + ow > ar.bottom + 0.5) { clip = `${a.tagName}#${a.id}.${a.className}`; } break; } }
      return { id: `${e.tagName}#${e.id}.${e.className}`, ring, clip, shadow: st.boxShadow };
    }, root);
    if (r && (!r.ring || r.clip)) out.push(`focus ${r.id} ring=${r.ring} clip=${r.clip} shadow=${r.shadow.slice(0,40)}`);
  }
  return [...new Set(out)];
};
const which = process.argv[2] ?? 'all';
for (const scheme of ['light', 'dark']) for (const [w, h] of [[1366, 768], [390, 844]]) {
  const b = await launchBrowser({ colorScheme: scheme, width: w, height: h, isMobile: w < 500, hasTouch: w < 500 });
  const p = b.page; const tag = `${scheme}-${w}`;
  const report = (what, l) => console.log(`== ${tag} ${what}\n  ` + (l.length ? l.join('\n  ') : 'ok'));
  // setter regions
  await open(p, s.server.url);
  if (!(await p.locator('#dlg-new[open]').count())) await p.click('#btn-new');
  await p.waitForSelector('#dlg-new[open]');
  report('new dialog', await audit(p, '#dlg-new'));
  if (!(await p.locator('#custom-box[open]').count())) await p.click('#custom-box summary');
  await p.check('#variant-jigsaw'); await p.fill('#custom-regions', R); await p.click('#custom-board');
  await p.waitForSelector('#setter-bar:not([hidden])');
  await p.click('#setter-regions'); await p.click('#swatch-3'); await p.click('#cell-30');
  await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/polish/a-setter-${tag}.png` });
  report('setter', await audit(p, 'body'));
  report('setter axe', await axeViolations(p));
  await p.focus('#setter-play').catch(()=>{}); 
  report('setter focus', await focusAudit(p, null, 40));
  // game with a hint
  const { data: g } = await api(s.server.url, 'POST', '/games', { level: 'easy', seed: 7 });
  await open(p, s.server.url, `#/game/${g.id}`);
  await p.click('#btn-hint'); await p.waitForSelector('#hint-panel:not([hidden])');
  await p.click('#hint-more'); await p.waitForTimeout(300);
  await p.screenshot({ path: `/tmp/polish/a-hint-${tag}.png` });
  report('hint', await audit(p, 'body'));
  report('hint focus', await focusAudit(p, null, 50));
  await p.click('#hint-close');
  // learn
  await p.click('#btn-learn'); await p.waitForSelector('#dlg-learn[open] .learn-item');
  await p.click('.learn-item[data-code="x-wing"]'); await p.waitForSelector('#learn-detail .mini');
  await p.waitForTimeout(500);
  await p.screenshot({ path: `/tmp/polish/a-learn-${tag}.png` });
  report('learn', await audit(p, '#dlg-learn'));
  report('learn focus', await focusAudit(p, '#dlg-learn', 30));
  await p.keyboard.press('Escape');
  await p.click('#btn-settings'); await p.waitForSelector('#dlg-settings[open]');
  report('settings', await audit(p, '#dlg-settings'));
  report('settings focus', await focusAudit(p, '#dlg-settings', 20));
  await p.keyboard.press('Escape');
  // finish
  const solution = solve(g.puzzle);
  const empty = [...g.puzzle].map((c, i) => (c === '.' ? i : -1)).filter((i) => i >= 0);
  let version = (await api(s.server.url, 'GET', `/games/${g.id}`)).data.version;
  const cur = (await api(s.server.url, 'GET', `/games/${g.id}`)).data;
  for (const i of empty.slice(0, -1)) { if (cur.cells[i].value) continue; const r = await api(s.server.url, 'POST', `/games/${g.id}/moves`, { type: 'place', cell: i, digit: Number(solution[i]), version }); version = r.data.version; }
  await p.goto('about:blank'); await open(p, s.server.url, `#/game/${g.id}`);
  const last = empty[empty.length - 1];
  await p.click(`#cell-${last}`); await p.keyboard.press(solution[last]);
  await p.waitForSelector('#dlg-solved[open]');
  await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/polish/a-finish-${tag}.png` });
  report('finish', await audit(p, '#dlg-solved'));
  report('finish focus', await focusAudit(p, '#dlg-solved', 20));
  await p.keyboard.press('Escape');
  await p.click('#btn-path').catch((e) => console.log('no path btn', e.message.slice(0, 80)));
  await p.waitForTimeout(800);
  await p.screenshot({ path: `/tmp/polish/a-path-${tag}.png` });
  report('path', await audit(p, 'body'));
  report('path focus', await focusAudit(p, 'dialog[open]', 20));
  await b.close();
}
await s.close();
