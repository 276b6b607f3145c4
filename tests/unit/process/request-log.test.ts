import { expect, test } from 'bun:test'
import { loggedPath, networkOf } from '#src/plugins/request-log'

test.each([
  ['http://h/api/posts?search=x#top', '/api/posts'],
  ['http://h/api/resume/abc123', '/api/resume/:token'],
  ['http://h/resume/abc123?x=1', '/resume/:token'],
  ['http://h/blog/resume-tips', '/blog/resume-tips'],
  ['http://h/preview/post.1.4102444800000.abc_-123', '/preview/:token'],
  ['http://h/preview/project.2.4102444800000.abc/', '/preview/:token/'],
  ['http://h//resume//abc123', '/resume/:token'],
  ['http://h//api/resume/abc123/x', '/api/resume/:token/x'],
  ['http://h/admin/setup?token=abc123', '/admin/setup'],
  ['http://h/previews/post-about-previews', '/previews/post-about-previews'],
  ['http://h/', '/'],
])('the logged path of %s is %s', (url, path) => {
  expect(loggedPath(url)).toBe(path)
})

test.each([
  ['203.0.113.77', '203.0.113.0/24'],
  ['::ffff:198.51.100.9', '198.51.100.0/24'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1::/48'],
  ['2001:db8::1', '2001:db8::/48'],
  ['::1', '::/48'],
  ['unknown', 'unknown'],
])('the logged network of %s is %s', (ip, net) => {
  expect(networkOf(ip)).toBe(net)
})
