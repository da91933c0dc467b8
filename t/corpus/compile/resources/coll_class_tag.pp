class web {
  @notify { 'w': }
}
class db {
  @notify { 'd': }
}
include web, db
Notify <| tag == 'web' |>
