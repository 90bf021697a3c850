import { launchBrowser } from './helpers.mjs';
import fs from 'node:fs';
const [src, x, y, w, h, k = 4, out] = process.argv.slice(2);
const b = await launchBrowser({ width: w * k, height: h * k });
const data = fs.readFileSync(src).toString('base64');
await b.page.setContent(`<body style="margin:0;overflow:hidden"><div style="width:${w*k}px;height:${h*k}px;overflow:hidden;position:relative"><img src="data:image/png;base64,${data}" style="position:absolute;left:${-x*k}px;top:${-y*k}px;image-rendering:pixelated;transform-origin:0 0;transform:scale(${k})"></div></body>`);
await b.page.waitForTimeout(200);
await b.page.screenshot({ path: out });
await b.close();
