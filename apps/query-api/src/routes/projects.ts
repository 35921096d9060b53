import {
  bodyText,
  type Endpoint,
  PROJECT_HEADER,
  parseJsonObject,
  principalOf,
  readBody,
  requireAdmin,
  validate,
} from '@spanhouse/http';
import { projectOutput } from '@spanhouse/projects';
import {
  ApiKeyBody,
  ApiKeyDeletionResponse,
  ApiKeyList,
  ApiKeyResponse,
  OrganizationProjectsResponse,
  ProjectBody,
  ProjectDeletionResponse,
  ProjectIdText,
  ProjectOutput,
  ProjectsResponse,
} from '@spanhouse/schema';
import { msIso } from '@spanhouse/store';
import { type Context, Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';

const admin = (e: Omit<Endpoint, 'tag' | 'auth'>): Endpoint => ({ ...e, tag: 'projects', auth: 'bearer' });
const ProjectPath = { projectId: ProjectIdText };
const KeyPath = { projectId: ProjectIdText, apiKeyId: ProjectIdText };

export const PROJECT_ENDPOINTS: Endpoint[] = [
  {
    method: 'get',
    path: '/api/public/projects',
    summary:
      "A project key's own project (the SDKs' auth check); for the bearer token every project, or the one Spanhouse-Project names",
    tag: 'projects',
    auth: 'bearer-or-basic',
    responses: { 200: { description: 'The projects', json: ProjectsResponse } },
  },
  admin({
    method: 'post',
    path: '/api/public/projects',
    summary: 'Create a project (Langfuse admin API)',
    body: { json: ProjectBody },
    responses: { 201: { description: 'The project', json: ProjectOutput } },
  }),
  admin({
    method: 'put',
    path: '/api/public/projects/:projectId',
    summary: 'Rename a project; metadata and retention when given (Langfuse admin API)',
    params: ProjectPath,
    body: { json: ProjectBody },
    responses: { 200: { description: 'The project', json: ProjectOutput } },
  }),
  admin({
    method: 'delete',
    path: '/api/public/projects/:projectId',
    summary: 'Delete a project: gone from every read and its keys refused at once, its rows removed in the background',
    params: ProjectPath,
    responses: { 202: { description: 'Deletion started', json: ProjectDeletionResponse } },
  }),
  admin({
    method: 'get',
    path: '/api/public/projects/:projectId/apiKeys',
    summary: "A project's API keys, without their secrets (Langfuse admin API)",
    params: ProjectPath,
    responses: { 200: { description: 'The keys, oldest first', json: ApiKeyList } },
  }),
  admin({
    method: 'post',
    path: '/api/public/projects/:projectId/apiKeys',
    summary: 'Create an API key of a project; the answer is the only place its secret is shown',
    params: ProjectPath,
    body: { json: ApiKeyBody },
    responses: { 201: { description: 'The key with its secret', json: ApiKeyResponse } },
  }),
  admin({
    method: 'delete',
    path: '/api/public/projects/:projectId/apiKeys/:apiKeyId',
    summary: 'Revoke an API key (refused everywhere within seconds)',
    params: KeyPath,
    responses: { 200: { description: 'Revoked', json: ApiKeyDeletionResponse } },
  }),
  admin({
    method: 'get',
    path: '/api/public/organizations/projects',
    summary: "Every project (Langfuse's organization listing)",
    responses: { 200: { description: 'The projects', json: OrganizationProjectsResponse } },
  }),
];

const projectIdOf = (c: Context) => validate(ProjectIdText, c.req.param('projectId'), 'projectId');

/**
 * The admin API in Langfuse's shape (docs/projects.md): projects and their API keys, for the bearer
 * token (a project's key gets 403, as Langfuse answers a project key on its admin API), and
 * GET /api/public/projects for every caller.
 */
export function projectRoutes(deps: QueryDeps) {
  const registry = deps.projects;
  const body = async (c: Context) => parseJsonObject(bodyText(await readBody(c, deps.config.limits)));
  return new Hono()
    .get('/api/public/projects', (c) => {
      const principal = principalOf(c);
      const all = principal.role === 'admin' && c.req.header(PROJECT_HEADER) === undefined;
      const projects = all ? registry.list() : [registry.get(principal.projectId)].filter((p) => p !== undefined);
      return c.json({ data: projects.map(projectOutput) });
    })
    .post('/api/public/projects', async (c) => {
      requireAdmin(c);
      const created = await registry.create(validate(ProjectBody, await body(c)));
      return c.json(projectOutput(created), 201);
    })
    .put('/api/public/projects/:projectId', async (c) => {
      requireAdmin(c);
      const id = projectIdOf(c);
      const updated = await registry.update(id, validate(ProjectBody, await body(c)));
      return c.json(projectOutput(updated));
    })
    .delete('/api/public/projects/:projectId', async (c) => {
      requireAdmin(c);
      await registry.delete(projectIdOf(c));
      return c.json(
        {
          success: true,
          message: 'Project deletion has been initiated and is being processed asynchronously',
        },
        202,
      );
    })
    .get('/api/public/projects/:projectId/apiKeys', async (c) => {
      requireAdmin(c);
      return c.json({ apiKeys: await registry.listKeys(projectIdOf(c)) });
    })
    .post('/api/public/projects/:projectId/apiKeys', async (c) => {
      requireAdmin(c);
      const id = projectIdOf(c);
      return c.json(await registry.createKey(id, validate(ApiKeyBody, await body(c))), 201);
    })
    .delete('/api/public/projects/:projectId/apiKeys/:apiKeyId', async (c) => {
      requireAdmin(c);
      const keyId = validate(ProjectIdText, c.req.param('apiKeyId'), 'apiKeyId');
      await registry.deleteKey(projectIdOf(c), keyId);
      return c.json({ success: true });
    })
    .get('/api/public/organizations/projects', (c) => {
      requireAdmin(c);
      return c.json({
        projects: registry.list().map((p) => {
          const { id, name, metadata } = projectOutput(p);
          return {
            id,
            name,
            metadata,
            createdAt: msIso(p.created_at),
            updatedAt: msIso(Math.max(p.created_at, Math.floor(p.version / 1000))),
          };
        }),
      });
    });
}
