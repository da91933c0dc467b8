$u = URI('http://user:pw@Example.COM:8080/b/c?q=1&r=2#frag')
$h = URI('https://example.com/')
notify { "n1": message => String([$u.scheme, $u.userinfo, $u.host, $u.port, $u.path, $u.query, $u.fragment, $u.opaque]) }
notify { "n2": message => String(type($u)) }
notify { "n3": message => String([$h, $h.port, type($h), URI('http://a:80/x'), URI('http://a:80/x').port, URI('HTTP://A/x')]) }
notify { "n4": message => String([URI('mailto:someone@example.com'), URI('mailto:someone@example.com').opaque, type(URI('mailto:a@b'))]) }
notify { "n5": message => String([URI('/just/a/path'), type(URI('/just/a/path')), URI('rel/x?y'), URI('file:///etc/hosts'), type(URI('file:///etc/hosts'))]) }
notify { "n6": message => String([URI('http://a/b/c/d') + '../e', URI('http://a/b/c/d') + 'g?y#s', URI('http://a/b/c/d') + '/x', URI('http://a/b/c/d') + 'http://other/', URI('http://a/b/c/') + '.', URI('http://a/b') + URI('c')]) }
notify { "n7": message => String([URI('http://a/b') == URI('http://a/b'), URI('http://a/b') == URI('HTTP://A/b'), URI('http://a/b') == 'http://a/b']) }
notify { "n8": message => String([$u =~ URI, $u =~ URI['http://example.com'], $u =~ URI[{scheme => 'http'}], $u =~ URI[{scheme => /^ht/}], $u =~ URI[{scheme => 'https'}], $u =~ URI[{port => 8080}], 'http://a' =~ URI, $u =~ RichData, $u =~ Scalar]) }
notify { "n9": message => String([URI({scheme => 'https', host => 'h.example', path => '/p', query => 'a=b'}), URI({scheme => 'ftp', host => 'f', port => 2121, path => '/x'}), URI({scheme => 'http', host => 'h', port => 80, path => '/'}), URI({host => 'h', path => '/p'})]) }
notify { "n10": message => String(URI[{scheme => 'http', host => 'x'}]) }
notify { "n11": message => String(URI['http://a/b']) }
notify { "n12": message => String({URI('http://a') => 1}[URI('http://a')]) }
notify { 'attrs': message => [$u.scheme, $u.userinfo, $u.host, $u.port, $u.path, $u.query, $u.fragment, $u.opaque, URI('http://a').path, URI('x:y').path] }
notify { 'catalog': message => [URI('http://a/b'), {k => URI('file:///etc/hosts')}] }
