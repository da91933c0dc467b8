# a collector in a define body queries with that instance's values, for every instance
define d($svc = "s${title}") {
  notify { "n${title}": tag => $title }
  notify { "m${title}": }
  Notify <| tag == $title |> -> Notify["last${title}"]
  Notify <| title == "m${title}" or title == $svc |> -> File["/tmp/mcomp-corpus/${title}"]
  Notify <| tag == $title |> { message => "set by ${title}" }
  notify { "last${title}": }
  notify { $svc: }
  file { "/tmp/mcomp-corpus/${title}": }
}
d { ['a', 'b', 'c']: }
