# String(float, format): Kernel.format's float rules as Puppet uses them
$fmts = ['%f', '%.2f', '%10.3f', '%-10.3f', '%010.3f', '%+f', '% f', '%#.0f', '%.0f',
         '%e', '%E', '%.3e', '%12.2e', '%g', '%G', '%#g', '%.3g', '%10g', '%a', '%A', '%.2a',
         '%d', '%5d', '%x', '%#x', '%o', '%b', '%X',
         '%s', '%#s', '%10s', '%-10s', '%.2s', '%p', '%10p', '%-10p', '%.3p']
$floats = { 'half' => 1.5, 'neg' => -2.75, 'int' => 3.0, 'small' => 0.000123, 'big' => 123456789.125, 'huge' => 1.0e22, 'zero' => 0.0 }
$floats.each |$n, $v| {
  $fmts.each |$f| { notify { "${n} ${f}": message => String($v, $f) } }
}
