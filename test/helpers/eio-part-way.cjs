// Preloaded (`node --require`) by test/validate.test.ts: a file whose name ends in
// `-eio-part-way.pgn` reads as it is up to the first game that starts past 200 KB (the record
// readers look 64 KB ahead), then fails with EIO, as a failing disk would. Everything else reads as
// usual. Both fs.openSync and fs.readSync are wrapped, and the ES module exports are synced to them.
'use strict';
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');

const failing = new Map(); // fd -> byte offset where reads stop
const open = fs.openSync;
const read = fs.readSync;
const close = fs.closeSync;
let inner = false; // readFileSync below opens the file through fs.openSync too
fs.openSync = function (path, ...rest) {
  const fd = open.call(this, path, ...rest);
  const name = typeof path === 'string' ? path : Buffer.isBuffer(path) || path instanceof Uint8Array ? Buffer.from(path).toString() : String(path);
  if (!inner && name.endsWith('-eio-part-way.pgn')) {
    inner = true;
    try {
      failing.set(fd, { end: fs.readFileSync(name).indexOf('\n[Event', 200000), at: 0 });
    } finally {
      inner = false;
    }
  }
  return fd;
};
fs.readSync = function (fd, buffer, ...rest) {
  const f = failing.get(fd);
  if (f === undefined) return read.call(this, fd, buffer, ...rest);
  if (f.at >= f.end) throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', errno: -5, syscall: 'read' });
  // at most up to the cut (the caller's buffer, offset and length as it gave them)
  const [offset = 0, length = buffer.byteLength - offset, position = null] =
    typeof rest[0] === 'object' && rest[0] !== null ? [rest[0].offset, rest[0].length, rest[0].position] : rest;
  const n = read.call(this, fd, buffer, offset, Math.min(length, f.end - f.at), position);
  f.at += n;
  return n;
};
fs.closeSync = function (fd) {
  failing.delete(fd);
  return close.call(this, fd);
};
syncBuiltinESMExports();
