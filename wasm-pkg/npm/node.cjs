// Node.js, CommonJS.
module.exports = require("./node/shoot_policy.js");
