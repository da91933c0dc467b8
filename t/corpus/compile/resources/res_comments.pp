# a hash comment
notify { 'a': # trailing comment
  message => 'x', /* a block
  comment */
}
/* notify { 'commented': } */
