package director

import _ "boardroom/game/all" // the games the events play
