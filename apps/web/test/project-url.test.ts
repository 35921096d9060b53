import { describe, expect, it } from 'vitest';
import { projectSwitchUrl, withProject } from '../src/lib/project-url.ts';

describe('the project in the URL', () => {
  it('names the project first, replacing one named before, and keeps the rest', () => {
    expect(withProject('/traces', 'p2')).toBe('/traces?project=p2');
    expect(withProject('/traces?name=a%20b&project=old', 'p2')).toBe('/traces?project=p2&name=a+b');
    expect(withProject('/traces/x%2Fy?observation=o', 'team beta')).toBe(
      '/traces/x%2Fy?project=team+beta&observation=o',
    );
    expect(withProject('/traces', undefined)).toBe('/traces');
  });

  it("a switch leaves one trace's or session's page for the list, and keeps a list's filters from page 1", () => {
    expect(projectSwitchUrl('/traces/shared-1', { project: 'a', observation: 'o' }, 'b')).toBe('/traces?project=b');
    expect(projectSwitchUrl('/sessions/s1', { project: 'a' }, 'b')).toBe('/sessions?project=b');
    expect(projectSwitchUrl('/traces', { project: 'a', name: 'x', page: '3' }, 'b')).toBe('/traces?project=b&name=x');
    expect(projectSwitchUrl('/settings', {}, 'b')).toBe('/settings?project=b');
  });
});
