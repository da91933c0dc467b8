# String(integer, format): Kernel.format's integer rules as Puppet uses them
$fmts = ['%d', '%5d', '%-5d', '%05d', '%+d', '% d', '%.3d', '%8.3d', '%-8.3d', '%+05d',
         '%x', '%X', '%#x', '%#X', '%08x', '%#08x', '%-8x', '%+x', '% x', '%.6x', '%#.6x', '%#8.3x',
         '%o', '%#o', '%#.4o', '%05o', '%+o',
         '%b', '%B', '%#b', '%#B', '%010b', '%+b', '%.8b',
         '%e', '%E', '%.2e', '%f', '%.1f', '%10.2f', '%g', '%G', '%a', '%A',
         '%s', '%#s', '%5s', '%-5s', '%.1s', '%#6s', '%p', '%8p', '%-8p', '%.1p',
         '%c', '%#c', '%3c', '%-3c']
$ints = { 'zero' => 0, 'pos' => 65, 'neg' => -255, 'neg1' => -1, 'neg16' => -16, 'neg8' => -8, 'big' => 1234567890123 }
$ints.each |$n, $i| {
  $fmts.each |$f| {
    if $f !~ /c/ or ($i > 0 and $i < 100000) {
      notify { "${n} ${f}": message => String($i, $f) }
    }
  }
}
