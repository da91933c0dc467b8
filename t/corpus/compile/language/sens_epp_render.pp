# a Sensitive value rendered by an EPP template without unwrap is redacted
$s = Sensitive('epp-secret-1')
notify { 'epp':
  message => inline_epp('value=<%= $s %> unwrapped=<%= $s.unwrap.length %>', { 's' => $s }),
}
notify { 'epp_param':
  message => inline_epp('<%- | Sensitive $p | -%>p=<%= $p %>', { 'p' => $s }),
}
# without a Sensitive argument the template sees the wrapped value: redacted
notify { 'epp_scope':
  message => inline_epp('scope=<%= $s %>'),
}
