# String(string, format): s p c C u d t, with flags, width and precision
$fmts = ['%s', '%10s', '%-10s', '%.2s', '%5.1s', '%p', '%#p', '%12p', '%-12p', '%.3p',
         '%c', '%#c', '%10c', '%C', '%#C', '%u', '%#u', '%-8u', '%d', '%#d', '%t', '%#t', '%10t', '%.2t']
$strs = { 'word' => 'hello World', 'ns' => 'foo::bar::BAZ', 'spaces' => "  padded\t ", 'quote' => "it's",
          'dq' => 'a "q"', 'nl' => "l1\nl2", 'utf8' => 'ünïcödé', 'empty' => '', 'dollar' => '$x', 'bs' => 'a\\b' }
$strs.each |$n, $s| {
  $fmts.each |$f| { notify { "${n} ${f}": message => String($s, $f) } }
}
