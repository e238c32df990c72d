/**
 * One made-up credential per secret family of the long-term spec §5.9 (plus a few the preset adds).
 * Each is assembled at run time from pieces, so no committed file holds a string that looks like a
 * real token to a scanner (ours, secretlint, or a forge's push protection). None is a real secret.
 */
const hex = (n: number) => 'a1b2c3d4e5f6'.repeat(20).slice(0, n);
const alnum = (n: number) => 'Ab3dE5gH7jK9mN2pQ4sT6vW8yZ0'.repeat(20).slice(0, n);
const lower = (n: number) => 'abcdefghijklmnopqrstuvwxyz'.repeat(20).slice(0, n);
const j = (...parts: string[]) => parts.join('');

/** family → [sample, the rule id memlog's scan reports for it]. */
export const SECRET_SAMPLES: Readonly<Record<string, readonly [string, string]>> = {
  'aws-access-token': [j('AK', 'IA', 'Z2ABCDEFGHIJK7LM'), 'aws-access-token'],
  'gcp-api-key': [j('AI', 'za', 'SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'), 'gcp-api-key'],
  'azure-ad-client-secret': [j('abc8', 'Q~', alnum(34)), 'azure-ad-client-secret'],
  'digitalocean-pat': [j('dop', '_v1_', hex(64)), 'digitalocean-pat'],
  'digitalocean-access-token': [j('doo', '_v1_', hex(64)), 'digitalocean-access-token'],
  'anthropic-api-key': [j('sk-', 'ant-', 'api03-', alnum(93), 'AA'), 'secretlint/anthropic'],
  'anthropic-admin-api-key': [j('sk-', 'ant-', 'admin01-', alnum(93), 'AA'), 'anthropic-admin-api-key'],
  'openai-api-key': [j('sk-', 'proj-', alnum(74), 'T3Blbk', 'FJ', alnum(74)), 'secretlint/openai'],
  'huggingface-access-token': [j('hf', '_', lower(34)), 'secretlint/huggingface'],
  'github-pat': [j('gh', 'p_', alnum(36)), 'secretlint/github'],
  'github-fine-grained-pat': [j('github', '_pat_', alnum(82)), 'secretlint/github'],
  'github-app-token': [j('gh', 's_', alnum(36)), 'secretlint/github'],
  'github-oauth': [j('gh', 'o_', alnum(36)), 'secretlint/github'],
  'github-refresh-token': [j('gh', 'r_', alnum(36)), 'secretlint/github'],
  'gitlab-pat': [j('gl', 'pat-', alnum(20)), 'secretlint/gitlab'],
  'gitlab-deploy-token': [j('gl', 'dt-', alnum(20)), 'gitlab-deploy-token'],
  'slack-bot-token': [j('xo', 'xb-', '1234567890-', '1234567890123-', alnum(24)), 'secretlint/slack'],
  'slack-user-token': [j('xo', 'xp-', '1234567890-1234567890-1234567890-', hex(32)), 'secretlint/slack'],
  'slack-app-token': [j('xa', 'pp-', '1-A0123456789-1234567890123-', hex(64)), 'secretlint/slack'],
  'twilio-api-key': [j('S', 'K', hex(32)), 'twilio-api-key'],
  'sendgrid-api-token': [j('S', 'G.', alnum(22), '.', alnum(43)), 'secretlint/sendgrid'],
  'npm-access-token': [j('np', 'm_', alnum(36)), 'secretlint/npm'],
  'pypi-upload-token': [j('py', 'pi-', 'AgEIcHlwaS5vcmc', alnum(60)), 'pypi-upload-token'],
  'databricks-api-token': [j('da', 'pi', hex(32)), 'secretlint/databricks'],
  'hashicorp-tf-api-token': [j(lower(14), '.atlas', 'v1.', alnum(64)), 'hashicorp-tf-api-token'],
  'pulumi-api-token': [j('pu', 'l-', hex(40)), 'pulumi-api-token'],
  'postman-api-token': [j('PM', 'AK-', hex(24), '-', hex(34)), 'postman-api-token'],
  'grafana-api-key': [j('eyJr', 'Ijoi', alnum(80)), 'grafana-api-key'],
  'grafana-cloud-api-token': [j('gl', 'c_', alnum(40)), 'secretlint/grafana'],
  'grafana-service-account-token': [j('gl', 'sa_', alnum(32), '_', hex(8)), 'secretlint/grafana'],
  'sentry-user-token': [j('sntr', 'yu_', hex(64)), 'sentry-user-token'],
  'sentry-org-token': [j('sntr', 'ys_', 'eyJpYXQiO', alnum(20), 'LCJyZWdpb25fdXJs', alnum(20), '_', alnum(43)), 'sentry-org-token'],
  'stripe-access-token': [j('sk', '_live_', alnum(24)), 'stripe-access-token'],
  'shopify-access-token': [j('shp', 'at_', hex(32)), 'secretlint/shopify'],
  'shopify-shared-secret': [j('shp', 'ss_', hex(32)), 'secretlint/shopify'],
  'private-key': [
    j('-----BEGIN RSA ', 'PRIVATE KEY-----\n', 'MIIEow', alnum(60), '\n', alnum(64), '\n', '-----END RSA ', 'PRIVATE KEY-----'),
    'private-key',
  ],
};

/** Families only secretlint's preset knows (beyond the spec's list), as extra coverage. */
export const PRESET_EXTRA_SAMPLES: Readonly<Record<string, readonly [string, string]>> = {
  'aws-secret-access-key': [j('aws_secret_', 'access_key = "', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYz', 'EXAMPLEKY"'), 'secretlint/aws'],
  'database-connection-string': [
    j('postgres://', 'user:hunter2secret', '@db.example.com:5432/app'),
    'secretlint/database-connection-string',
  ],
  'basic-auth-url': [j('https://', 'admin:pa55word', '@example.com/'), 'secretlint/basicauth'],
};
