export * from "./web/shoot_policy.js";
