$x = 1
@("END"/L)
  x is $x \
  and more
  | END
notify { 'b': }
