@rtt_grant { 'v@h': }
@rtt_grant { 'w@h': host => 'h2' }
@rtt_grant { 'x@h': }
Rtt_grant <| user == 'v' |>
Rtt_grant <| host == 'h2' |>
Rtt_grant <| title == 'x@h' |> { privileges => 'usage' }
