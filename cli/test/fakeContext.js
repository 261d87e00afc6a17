"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Capture = void 0;
exports.fakeContext = fakeContext;
const node_stream_1 = require("node:stream");
/** A stream double that keeps what was written. */
class Capture {
    isTTY;
    columns;
    text = '';
    constructor(isTTY = false, columns = 100) {
        this.isTTY = isTTY;
        this.columns = columns;
    }
    write(chunk, cb) {
        this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
        cb?.();
        return true;
    }
}
exports.Capture = Capture;
/** A CLI context over captured streams (not a TTY unless asked), a fixed env and cwd. */
function fakeContext(opts = {}) {
    const stdin = new node_stream_1.PassThrough();
    return {
        stdout: new Capture(opts.tty),
        stderr: new Capture(opts.tty),
        stdin,
        env: opts.env ?? {},
        cwd: opts.cwd ?? process.cwd(),
    };
}
//# sourceMappingURL=fakeContext.js.map