
notify { 'n':
  message => inline_epp('a
b <%= fail("boom") %>
c'),
}
