class t(Pattern[/\Aa/] $p) {}
class { 't': p => 'xbc' }
