define d($v) { notify { $title: message => inline_template('<%= @title %>=<%= @v %>') } }
d { 'one': v => 1 }
d { 'two': v => [2] }
