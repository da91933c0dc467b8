notify { 'hash': message => parseyaml("a: 1\nb: [x, 'y']\nc: true\nd: ~\ne: 1.5\n") }
notify { 'scalar': message => parseyaml('hello') }
notify { 'empty_default': message => parseyaml('', 'dflt') }
notify { 'bad_default': message => parseyaml('a: [', {'x' => 1}) }
notify { 'false_default': message => parseyaml('false', 'd') }
notify { 'list': message => parseyaml("- 1\n- '2'\n- 0x10\n- yes\n- :sym\n- 1.5e3\n") }
