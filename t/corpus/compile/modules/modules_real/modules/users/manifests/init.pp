# @summary Local accounts, one users::account per entry of $accounts.
#
# @param accounts deep-merged across the hierarchy (see data/common.yaml)
# @param defaults applied to every account that does not set them
class users (
  Hash[Common::Username, Common::User] $accounts,
  Hash[String, Data]                   $defaults,
) {
  create_resources('users::account', $accounts, $defaults)
}
