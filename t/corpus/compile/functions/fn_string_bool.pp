# String(boolean, format) and String(undef | default, format)
$bfmts = ['%t', '%T', '%#t', '%#T', '%y', '%Y', '%#y', '%#Y', '%6t', '%-6Y', '%.2t',
          '%d', '%x', '%#b', '%o', '%5d', '%e', '%f', '%.1f', '%g', '%a', '%s', '%p', '%8s', '%-8p']
[true, false].each |$b| {
  $bfmts.each |$f| { notify { "${b} ${f}": message => String($b, $f) } }
}
$ufmts = ['%n', '%#n', '%u', '%#u', '%d', '%x', '%X', '%o', '%b', '%B', '%e', '%E', '%f', '%g', '%G', '%a', '%A',
          '%v', '%V', '%s', '%#s', '%p', '%#p', '%5u', '%-7p', '%.2u']
$ufmts.each |$f| { notify { "undef ${f}": message => String(undef, $f) } }
$dfmts = ['%d', '%D', '%#d', '%#D', '%s', '%#s', '%p', '%#p', '%10d', '%-10D', '%.3s']
$dfmts.each |$f| { notify { "default ${f}": message => String(default, $f) } }
