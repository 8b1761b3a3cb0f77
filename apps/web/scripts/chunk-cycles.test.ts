import { describe, expect, it } from 'vitest';
import { findChunkCycles } from './chunk-cycles.mjs';

describe('findChunkCycles', () => {
  it('finds none in a graph that only points one way', () => {
    expect(
      findChunkCycles({
        'entry.js': ['app.js', 'react.js'],
        'security.js': ['app.js', 'react.js'],
        'app.js': ['react.js', 'qrcode.js'],
        'react.js': [],
        'qrcode.js': [],
      }),
    ).toEqual([]);
  });

  it('finds the app chunk and a route chunk that import each other (issue 16)', () => {
    expect(
      findChunkCycles({
        'security-Mv2F.js': ['app-DkWT.js', 'jsx-runtime.js'],
        'app-DkWT.js': ['jsx-runtime.js', 'security-Mv2F.js'],
        'jsx-runtime.js': [],
      }),
    ).toEqual([['app-DkWT.js', 'security-Mv2F.js', 'app-DkWT.js']]);
  });

  it('finds a longer cycle, a self-import, and each separate cycle once', () => {
    expect(
      findChunkCycles({
        'a.js': ['b.js'],
        'b.js': ['c.js'],
        'c.js': ['a.js', 'd.js'],
        'd.js': [],
        'self.js': ['self.js'],
        'x.js': ['y.js'],
        'y.js': ['x.js'],
      }),
    ).toEqual([
      ['a.js', 'b.js', 'c.js', 'a.js'],
      ['self.js', 'self.js'],
      ['x.js', 'y.js', 'x.js'],
    ]);
  });

  it('ignores imports of files outside the graph (assets, externals)', () => {
    expect(findChunkCycles({ 'a.js': ['missing.js'], 'b.js': ['a.js'] })).toEqual([]);
  });
});
