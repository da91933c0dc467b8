notify { 'a': }
@(END)
  text
  | END
notify { 'b': }
