define dt () {
  @notify { "v_${title}": tag => 'late' }
}
Notify <| tag == 'late' |>
dt { 'x': }
