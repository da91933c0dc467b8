# An array command's elements in messages are Ruby's String#inspect: "\#{", "\r", "\e".
exec { 'argv':
  command => ['/bin/sh', '-c', 'exit 3', '#{x}', "cr\r", "esc\u001B", 'q"\\'],
}
