// Node.js, CommonJS (and node.mjs): the engine is compiled and instantiated once, synchronously, on
// the first `require`. After a trap the next call runs on a fresh instance of the compiled module
// (api.js, here as node/api.cjs).
const createGlue = require("./node/shoot_policy.js");
const { engineApi } = require("./node/api.cjs");

module.exports = engineApi(createGlue(), createGlue);
