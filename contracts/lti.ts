import { z } from 'zod';
import { rowId, rowIdText } from './common';
import { signInResult } from './auth';

/** Plugins (spec 7.13): LTI 1.3 platform registrations. */
const httpsUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), { message: 'lti:messages.url_invalid' });

export const pluginBody = z.object({
  name: z.string().trim().min(1).max(200),
  issuer: z.string().trim().min(1).max(500),
  client_id: z.string().trim().min(1).max(500),
  deployment_ids: z.array(z.string().trim().min(1).max(500)).min(1).max(50),
  auth_login_url: httpsUrl,
  access_token_url: httpsUrl,
  jwks_url: httpsUrl,
  /**
   * Link launches to existing accounts by e-mail. From someone who is not a supervisor it is a
   * request, which takes effect once a supervisor approves the plugin.
   */
  trust_emails: z.boolean().optional(),
});
export type PluginBody = z.infer<typeof pluginBody>;
export const pluginUpdateBody = pluginBody.partial();

export const pluginListQuery = z.object({
  status: z.enum(['active', 'archived']).optional(),
});

export const toolUrls = z.object({
  login_url: z.string(),
  launch_url: z.string(),
  jwks_url: z.string(),
  register_url: z.string(),
  deep_linking_url: z.string(),
});
export type ToolUrls = z.infer<typeof toolUrls>;

export const plugin = z.object({
  id: rowId,
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  deployment_ids: z.array(z.string()),
  auth_login_url: z.string(),
  access_token_url: z.string(),
  jwks_url: z.string(),
  /** Asked for; in effect only while approved (`emails_trusted`). */
  trust_emails: z.boolean(),
  /** A supervisor approved it (or registered it): docs/decisions/lti.md, "Trust". */
  approved: z.boolean(),
  approved_at: z.string().nullable(),
  emails_trusted: z.boolean(),
  status: z.enum(['active', 'archived']),
  owner_id: z.number().int().nullable(),
  abilities: z.object({ approve: z.boolean() }),
  created_at: z.string(),
  updated_at: z.string(),
  tool_urls: toolUrls,
});
export type Plugin = z.infer<typeof plugin>;

export const pluginList = z.object({ plugins: z.array(plugin), tool_urls: toolUrls });
export type PluginList = z.infer<typeof pluginList>;

export const processBody = z.object({ launch: z.string().min(20).max(200) });
export const processParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const deepLinkItemType = z.enum(['task', 'assessment', 'team_formation']);
export const processResult = signInResult.extend({
  redirect: z.string(),
  deep_linking: z.object({ launch_id: rowId, workspace_id: rowId.nullable() }).nullable(),
  /**
   * The account is a supervisor's (or must set up 2FA first): a launch alone does not sign it
   * in, the person signs in with their own password and second factor.
   */
  sign_in_required: z.boolean(),
  /** The launch made a new account; the person may link it to their existing one instead. */
  link_offered: z.boolean(),
  /** The plugin's name, as the platform is called on the page. */
  platform_name: z.string(),
});
export type ProcessResult = z.infer<typeof processResult>;

/** The link waiting in this browser (GET core/lti/link). */
export const linkStatus = z.object({
  platform: z.object({ id: rowId, name: z.string(), approved: z.boolean() }),
  /** The person as the platform named them. */
  person_name: z.string(),
  /** The account signed in here, when there is one. */
  account: z.object({ email: z.string(), name: z.string() }).nullable(),
  /** That account was signed in to after the launch, by its own means: it may confirm. */
  can_confirm: z.boolean(),
});
export type LinkStatus = z.infer<typeof linkStatus>;
export const linkResult = z.object({ redirect: z.string() });
export type LinkResult = z.infer<typeof linkResult>;

export const deepLinkBody = z.object({
  launch_id: rowId,
  items: z
    .array(
      z.object({
        type: deepLinkItemType,
        id: rowId.optional(),
        title: z.string().trim().min(1).max(300),
      }),
    )
    .min(1)
    .max(20),
});
export const deepLinkResult = z.object({ return_url: z.string(), jwt: z.string() });
export type DeepLinkResult = z.infer<typeof deepLinkResult>;

export const scoreBody = z.object({
  workspace_id: rowId,
  user_id: rowId,
  /** What is graded: a task or an assessment of the workspace. */
  item: z.object({ type: z.enum(['task', 'assessment']), id: rowId }),
  label: z.string().trim().min(1).max(300),
  score_given: z.number().min(0).max(100_000),
  score_maximum: z.number().positive().max(100_000),
});
export type ScoreBody = z.infer<typeof scoreBody>;

export const rosterBody = z.object({ workspace_id: rowId });
export const rosterQuery = z.object({ workspace_id: rowIdText });

/** A reading of the course roster (NRPS) into the workspace, done by a job. */
export const rosterSync = z.object({
  id: rowId,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** A teacher's launch or the People page's button. */
  trigger: z.enum(['launch', 'button']),
  /** Once done: new invitations, people added, rows skipped (already here, invited, cap). */
  invited: z.number().int().nullable(),
  added: z.number().int().nullable(),
  skipped: z.number().int().nullable(),
  /** Active members the platform shared without an e-mail address (they join by launching). */
  without_email: z.number().int().nullable(),
  /** Why it failed, in the reader's language. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type RosterSync = z.infer<typeof rosterSync>;

/** The workspace's course, as the People page's roster button needs it. */
export const rosterStatus = z.object({
  /** Null: the workspace is not linked to a course of a learning platform. */
  course: z
    .object({
      platform_name: z.string(),
      /** What stops a reading now (not approved, roster not shared), in the reader's language. */
      blocked: z.object({ code: z.string(), message: z.string() }).nullable(),
    })
    .nullable(),
  latest: rosterSync.nullable(),
});
export type RosterStatus = z.infer<typeof rosterStatus>;
