notify { 'a': }
@(END:json)
  {"a": 1}
  | END
notify { 'b': }
