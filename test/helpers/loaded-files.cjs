// Preloaded (node -r) by test/startup.test.ts into a CLI run: at exit, writes to the file named by
// CHUHAN_LOADED_LOG every script V8 compiled from a file (modules, bundles, vm.Script) and every
// file read with fs.readFileSync, one per line ("script PATH", "read PATH").
'use strict';
const fs = require('node:fs');
const { Session } = require('node:inspector');
const { fileURLToPath } = require('node:url');
const lines = [];
const session = new Session();
session.connect();
session.on('Debugger.scriptParsed', ({ params }) => {
  const url = params.url;
  if (url.startsWith('file:')) lines.push(`script ${fileURLToPath(url)}`);
  else if (url.startsWith('/')) lines.push(`script ${url}`);
});
session.post('Debugger.enable');
const read = fs.readFileSync;
fs.readFileSync = function readFileSync(path, ...rest) {
  if (typeof path === 'string') lines.push(`read ${path}`);
  return read.call(this, path, ...rest);
};
process.on('exit', () => {
  fs.writeFileSync(process.env.CHUHAN_LOADED_LOG, `${lines.join('\n')}\n`);
});
