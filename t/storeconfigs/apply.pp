# mapply with its in-process compile: an uncollected export is not applied;
# one this node collects itself is
@@file { '/exported': content => "x\n" }
@@file { '/self': content => "self\n", tag => ['mine'] }
File <<| tag == 'mine' |>>
