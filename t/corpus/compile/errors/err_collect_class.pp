class c {}
Class <| title == 'c' |>
