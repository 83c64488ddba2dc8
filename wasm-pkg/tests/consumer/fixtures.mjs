export const cloudProfile = `apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata:
  name: aws
spec:
  kubernetes:
    versions:
    - version: 1.32.1
    - version: 1.31.4
      classification: deprecated
      expirationDate: "2026-03-01T00:00:00Z"
`;

export const shootObject = {
  apiVersion: "core.gardener.cloud/v1beta1",
  kind: "Shoot",
  metadata: { name: "dev", namespace: "garden-team" },
  spec: {
    kubernetes: { version: "1.31.4" },
    maintenance: { timeWindow: { begin: "220000+0000", end: "230000+0000" } },
  },
};

export const blockingWebhook = {
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingWebhookConfiguration",
  metadata: { name: "policy-agent" },
  webhooks: [
    {
      name: "validate.policy-agent.example.com",
      failurePolicy: "Fail",
      timeoutSeconds: 10,
      rules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["pods"] }],
    },
  ],
};

export const poolShoot = (machineType, imageVersion) => ({
  apiVersion: "core.gardener.cloud/v1beta1",
  kind: "Shoot",
  metadata: { name: "dev", namespace: "garden-team" },
  spec: {
    kubernetes: { version: "1.31.4" },
    provider: {
      type: "aws",
      workers: [
        {
          name: "pool-a",
          minimum: 2,
          maximum: 4,
          machine: { type: machineType, image: { name: "gardenlinux", version: imageVersion } },
          zones: ["eu-central-1a"],
        },
      ],
    },
  },
});
