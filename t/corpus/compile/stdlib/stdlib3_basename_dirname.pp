$paths = ['/a/b/c.txt', 'c.txt', '/', '', '//a//b//', 'a/', '.bashrc', '/x/..a.b.c', '/usr/lib/', 'a/b']
$paths.each |$p| {
  notify { "b:${p}": message => basename($p) }
}
notify { 'b-ext': message => [basename('/a/b/c.txt', '.txt'), basename('/a/b/c.txt', '.*'), basename('/a/.txt', '.txt'), basename('/a/.bashrc', '.*'), basename('/a/b.tar.gz', '.gz'), basename('abc', 'abcd'), basename('/a/b/c.txt', 't*'), basename('/a/b/c.txt', 'q*')] }
['/a/b/c', '/a', 'a', '//a', '///a/b', 'a/b/', 'a//b', '/', '//', 'a/b//c//', '.', '../x'].each |$p| {
  notify { "d:${p}": message => dirname($p) }
}
