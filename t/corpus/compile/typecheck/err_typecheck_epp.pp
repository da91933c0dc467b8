notice(inline_epp('<%- |Hash[String, Integer] $h| -%><%= $h %>', { 'h' => { 'a' => 'x' } }))
